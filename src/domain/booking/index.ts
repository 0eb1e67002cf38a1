/** The booking area's public face: another domain area imports it only from here ('../booking'), never its files. */
export * from './availability';
export * from './booking-rules';
export * from './booking.schemas';
export * from './free-places';
export * from './holidays';
