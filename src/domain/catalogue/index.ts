/** The catalogue area's public face: another domain area imports it only from here ('../catalogue'), never its files. */
export * from './catalogue.schemas';
export * from './product-image';
