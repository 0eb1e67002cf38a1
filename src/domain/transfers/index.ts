/** The transfers area's public face: another domain area imports it only from here ('../transfers'), never its files. */
export * from './stock-correction';
export * from './transfer.schemas';
