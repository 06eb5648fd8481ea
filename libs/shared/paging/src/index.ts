export * from './field-errors';
export * from './keyset-cursor';
export * from './page-size';
export * from './time-range';
export * from './timestamp';
