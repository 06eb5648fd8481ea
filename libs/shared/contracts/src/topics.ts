/** Kafka topics: one per producing service (ARCHITECTURE "How they talk"). */
export const TOPICS = {
  identity: 'identity.events',
  messaging: 'messaging.events',
  replies: 'replies.events',
  consent: 'consent.events',
  carrierReceipts: 'carrier.receipts',
  carrierInbound: 'carrier.inbound',
  billing: 'billing.events',
  registry: 'registry.events',
  webhooks: 'webhooks.events',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Versioned event types; the payload schema of each is in proto/<service>/v1/events.proto. */
export const EVENT_TYPES = {
  AccountRegistered: { topic: TOPICS.identity, version: 1 },
  AccountActivated: { topic: TOPICS.identity, version: 1 },
  SubscriptionChanged: { topic: TOPICS.identity, version: 1 },
  AccessChanged: { topic: TOPICS.identity, version: 1 },
  MessageAccepted: { topic: TOPICS.messaging, version: 1 },
  MessageDispatched: { topic: TOPICS.messaging, version: 1 },
  MessageDelivered: { topic: TOPICS.messaging, version: 1 },
  MessageFailed: { topic: TOPICS.messaging, version: 1 },
  MessageRejected: { topic: TOPICS.messaging, version: 1 },
  MessageDeadLettered: { topic: TOPICS.messaging, version: 1 },
  MessageExpired: { topic: TOPICS.messaging, version: 1 },
  CarrierReceiptReceived: { topic: TOPICS.carrierReceipts, version: 1 },
  CarrierInboundReceived: { topic: TOPICS.carrierInbound, version: 1 },
  MessageReceived: { topic: TOPICS.replies, version: 1 },
  RecipientOptedOut: { topic: TOPICS.consent, version: 1 },
  RecipientOptedIn: { topic: TOPICS.consent, version: 1 },
  PaymentSubscriptionUpdated: { topic: TOPICS.billing, version: 1 },
  RegistryBrandStatusUpdated: { topic: TOPICS.registry, version: 1 },
  WebhookEndpointDeactivated: { topic: TOPICS.webhooks, version: 1 },
} as const;

export type EventType = keyof typeof EVENT_TYPES;
