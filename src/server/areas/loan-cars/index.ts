/** The loan-cars area's public face for other areas (the loan agreement prints the car). */
export { findLoanCarForAgreement, lendsForOrder } from './loan-cars.service';
