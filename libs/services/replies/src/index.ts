export { repliesService } from './replies.module';
export { repliesConfigSchema, type RepliesConfig } from './replies.config';
export { repliesMigrations } from './migrations';
export { repliesHandlers } from './inbound-messages/inbound-messages.handlers';
export type { RepliesClients } from './replies-clients';
