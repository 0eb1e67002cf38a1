/** The order-lists area's public face: another domain area imports it only from here ('../order-lists'), never its files. */
export * from './order-lists';
export * from './order-lists.schemas';
