import { bool, int, type ConfigOf, type ConfigSchema } from '@mp/config';

/** Environment the webhook dispatcher reads besides the host's. */
export const webhookDispatcherConfigSchema = {
  // DECISIONS "Running": tests set it to deliver to loopback receivers.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool({
    default: false,
    description: 'let webhook deliveries connect to loopback, private, link-local and other internal addresses (tests only)',
  }),
  // Operations' pause switch (and the restart suite's way to stop between an event and its first attempt).
  WEBHOOK_DELIVERY_ENABLED: bool({
    default: true,
    description: 'make webhook delivery attempts; false keeps new deliveries pending (events still become deliveries) until it is true again',
  }),
  WEBHOOK_MAX_IN_FLIGHT: int({ default: 512, min: 1, max: 10_000, description: 'webhook deliveries one dispatcher process makes at once' }),
} satisfies ConfigSchema;
export type WebhookDispatcherConfig = ConfigOf<typeof webhookDispatcherConfigSchema>;
