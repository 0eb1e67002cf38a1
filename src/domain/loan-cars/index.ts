/** The loan-cars area's public face: another domain area imports it only from here ('../loan-cars'), never its files. */
export * from './loan-car-rules';
export * from './loan-car.schemas';
