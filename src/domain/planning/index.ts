/** The planning area's public face: another domain area imports it only from here ('../planning'), never its files. */
export * from './planning';
export * from './planning-days';
export * from './planning.schemas';
