export * from './tracing';
export * from './logger';
