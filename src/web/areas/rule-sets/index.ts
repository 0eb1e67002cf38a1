// The two screens are loaded by the router straight from their files (each a chunk of its own). What other areas
// need: the booking step's and the worksheet's question whether a department takes the car, and the customer
// step's debtor rule for the car's parties.
export { useDebitorRuleMatch, useDepartmentCarCheck } from './api';
export type { TCarCheckRequest, TCarPartiesRequest } from './api';
