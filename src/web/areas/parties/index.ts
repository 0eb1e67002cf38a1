// The parties' web room: insurers, leasers and debitors (src/server/areas/parties) and the customer search.
// Another area uses it only through this file.
export {
  debitorByNoQuery,
  fetchDebitorPrices,
  searchDebitors,
  useDebitorByNo,
  useDebitorChoices,
  useDebitorSearch,
  useInsurers,
  useLeasers,
} from './api';
export { CustomerSearch, isDummyDebitor } from './components/customer-search';
