// The loan-cars area's web room: a department's loan cars and their damages (src/server/areas/loan-cars). Another
// area uses it only through this file.
export {
  addLoanCarDamage,
  fetchLoanCars,
  loanCarsDeviceKey,
  loanCarsPath,
  loanCarsQueryKey,
  removeLoanCarDamage,
  useAddLoanCar,
  useDeleteLoanCar,
  useDepartmentLoanCars,
  useLoanCarDamage,
} from './api';
