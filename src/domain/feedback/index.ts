/** The feedback area's public face: another domain area imports it only from here ('../feedback'), never its files. */
export * from './feedback';
