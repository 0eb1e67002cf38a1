/** The map area's public face: another domain area imports it only from here ('../map'), never its files. */
export * from './directions';
export * from './map';
export * from './map.schemas';
