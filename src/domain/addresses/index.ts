/** The addresses area's public face: another domain area imports it only from here ('../addresses'), never its files. */
export * from './address.schemas';
