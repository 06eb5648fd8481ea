import type { ConfigOf, ConfigSchema } from '@mp/config';

/** Environment the webhook dispatcher reads besides the host's (none yet). */
export const webhookDispatcherConfigSchema = {} satisfies ConfigSchema;
export type WebhookDispatcherConfig = ConfigOf<typeof webhookDispatcherConfigSchema>;
