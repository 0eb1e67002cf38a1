/** The users area's public face: another domain area imports it only from here ('../users'), never its files. */
export * from './roles';
export * from './user-messages';
export * from './user.schemas';
