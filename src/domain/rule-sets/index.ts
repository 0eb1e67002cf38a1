/** The rule-sets area's public face: another domain area imports it only from here ('../rule-sets'), never its files. */
export * from './rule-set.schemas';
export * from './rule-sets';
