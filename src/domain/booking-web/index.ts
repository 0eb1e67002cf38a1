/** The booking-web area's public face: another domain area imports it only from here ('../booking-web'), never its files. */
export * from './booking-web';
export * from './booking-web-texts';
