/** The media area's public face: another domain area imports it only from here ('../media'), never its files. */
export * from './media.schemas';
