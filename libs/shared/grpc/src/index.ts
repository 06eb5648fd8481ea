export * from './call-context';
export * from './client';
export * from './remote-call-guard';
export * from './server';
export * from './service-definition';
export * from './status-mapping';
export * from './tenancy';
