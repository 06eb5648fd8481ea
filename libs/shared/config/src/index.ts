export * from './fields';
export * from './load-config';
export * from './secret-text';
