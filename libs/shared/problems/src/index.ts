export * from './catalog';
export * from './database-unavailable';
export * from './domain-error';
export * from './echo';
export * from './problem-details';
