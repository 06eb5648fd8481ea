export * from './catalog';
export * from './domain-error';
export * from './echo';
export * from './problem-details';
