/** The journal area's public face: another domain area imports it only from here ('../journal'), never its files. */
export * from './journal';
export * from './journal.schemas';
