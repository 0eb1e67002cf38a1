export * from './cars';
export * from './departments';
export * from './orders';
export * from './outbox';
export * from './parties';
export * from './products';
export * from './users';
export * from './zipcodes';
