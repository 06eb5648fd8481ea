export * from './fields';
export * from './load-config';
