/** The departments area's public face: another domain area imports it only from here ('../departments'), never its files. */
export * from './department-rules';
export * from './department.schemas';
export * from './opening-hours';
export * from './zip-codes';
