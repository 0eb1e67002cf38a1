/** The reports area's public face: another domain area imports it only from here ('../reports'), never its files. */
export * from './reports';
export * from './reports.schemas';
