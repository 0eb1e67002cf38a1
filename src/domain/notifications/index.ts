/** The notifications area's public face: another domain area imports it only from here ('../notifications'), never its files. */
export * from './message-kinds';
export * from './send-limits';
export * from './sms';
