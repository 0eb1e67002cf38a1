/** The access area's public face: another domain area imports it only from here ('../access'), never its files. */
export * from './screens';
