/** The parties area's public face: another domain area imports it only from here ('../parties'), never its files. */
export * from './party.schemas';
