/** The documents area's public face: another domain area imports it only from here ('../documents'), never its files. */
export * from './document-texts';
