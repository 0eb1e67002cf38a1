/** The offline area's public face: another domain area imports it only from here ('../offline'), never its files. */
export * from './client-changes';
export * from './device-changes';
export * from './device-jobs';
export * from './device-texts';
export * from './order-patch';
export * from './order-version';
