/** The outbox area's public face: another domain area imports it only from here ('../outbox'), never its files. */
export * from './outbox';
