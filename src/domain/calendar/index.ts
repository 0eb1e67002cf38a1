/** The calendar area's public face: another domain area imports it only from here ('../calendar'), never its files. */
export * from './calendar';
export * from './calendar-move';
export * from './calendar.schemas';
export * from './live-changes';
