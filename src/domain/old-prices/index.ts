/** The old-prices area's public face: another domain area imports it only from here ('../old-prices'), never its files. */
export * from './old-price-fields';
export * from './old-price-sheet';
export * from './old-price.schemas';
