export { webhookDispatcherService } from './webhook-dispatcher.module';
export { webhookDispatcherConfigSchema, type WebhookDispatcherConfig } from './webhook-dispatcher.config';
export { webhookDispatcherMigrations } from './migrations';
export { webhookDispatcherHandlers } from './webhook-dispatcher.handlers';
