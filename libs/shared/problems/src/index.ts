export * from './catalog';
export * from './domain-error';
export * from './problem-details';
