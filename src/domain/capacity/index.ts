/** The capacity area's public face: another domain area imports it only from here ('../capacity'), never its files. */
export * from './capacity';
export * from './capacity.schemas';
