export { messagingService, createMessaging, type Messaging, type MessagingDeps } from './messaging.module';
export { messagingConfigSchema, type MessagingConfig } from './config/messaging-config';
export type { MessagingClients } from './messaging-clients';
export { messagingMigrations } from './migrations';
