export * from './adapters';
export * from './due-work-runner';
export * from './health-server';
export * from './host-config';
export * from './run-standalone';
export * from './service-clients';
export * from './service-host';
export * from './service-module';
