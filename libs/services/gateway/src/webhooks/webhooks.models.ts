/**
 * An HTTPS URL that receives the deliveries. Internal addresses (loopback,
 * private, link-local, carrier-grade NAT, multicast...) are refused, in any
 * spelling, and a name that resolves to one fails each delivery.
 * @maxLength 2048
 */
export type WebhookUrl = string;

/**
 * A webhook event type (spec 6.1); receivers ignore types they do not know (spec 9.4).
 * `AllMessageEvents` subscribes to the six message lifecycle events.
 */
export type WebhookEventType =
  | 'MessageAccepted'
  | 'MessageDelivered'
  | 'MessageFailed'
  | 'MessageRejected'
  | 'MessageDeadLettered'
  | 'MessageExpired'
  | 'MessageReceived'
  | 'RecipientOptedOut'
  | 'RecipientOptedIn';

/** The event a delivery carried: a webhook event, or `WebhookTest` from `POST /v1/webhooks/{webhookId}/test`. */
export type DeliveredEventType = WebhookEventType | 'WebhookTest';

/**
 * Comma-separated event names (spec 6.1, `WebhookEventType`): `MessageAccepted`,
 * `MessageDelivered`, `MessageFailed`, `MessageRejected`,
 * `MessageDeadLettered`, `MessageExpired`, `MessageReceived`,
 * `RecipientOptedOut`, `RecipientOptedIn`, or `AllMessageEvents` for every
 * message lifecycle event (`MessageExpired` included; not `MessageReceived`
 * or the consent events, which are separate subscriptions).
 * @maxLength 1024
 */
export type SubscribedEvents = string;

/**
 * Free text, at most 200 characters.
 * @maxLength 200
 */
export type WebhookLabel = string;

/** A new message webhook endpoint (spec 2.6). */
export interface CreateWebhookRequest {
  url: WebhookUrl;
  label?: WebhookLabel;
  subscribedEvents: SubscribedEvents;
  /**
   * Only this subaccount's events, plus those of no subaccount. A caller
   * limited to a subaccount creates endpoints of that subaccount.
   * @maxLength 64
   */
  subaccountId?: string;
}

/** Every field optional: an omitted field keeps its value. */
export interface UpdateWebhookRequest {
  url?: WebhookUrl;
  label?: WebhookLabel;
  subscribedEvents?: SubscribedEvents;
  /** `true` re-activates an endpoint the service deactivated and resets its count of failed deliveries; `false` pauses it. */
  active?: boolean;
}

/** A message webhook endpoint; its signing secret is shown only on create and rotation. */
export interface WebhookResource {
  webhookId: string;
  subaccountId: string | null;
  url: string;
  label: string;
  subscribedEvents: string;
  active: boolean;
  /** Failed deliveries in a row; at 50 the service deactivates the endpoint (spec 3.3). */
  consecutiveFailures: number;
  /** When the service deactivated it; null otherwise. */
  deactivatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The endpoint and its `whsec_` signing secret, shown only in this answer. */
export interface WebhookWithSecret extends WebhookResource {
  signingSecret: string;
}

/** The account's message webhook endpoints. */
export interface WebhookList {
  items: WebhookResource[];
}

/** What made an attempt. */
export type AttemptTrigger = 'first' | 'retry' | 'test' | 'replay';

/** One try of a delivery. */
export interface WebhookDeliveryAttempt {
  number: number;
  trigger: AttemptTrigger;
  attemptedAt: string;
  /** The receiver's HTTP status; null when it did not answer. */
  statusCode: number | null;
  /** Why it failed (no answer within 10 s, connection refused, an internal address, a status...); null on success. */
  error: string | null;
  durationMs: number;
  succeeded: boolean;
}

/** Where a delivery stands: `Pending` while attempts remain, then `Succeeded` or `Failed`. */
export type WebhookDeliveryStatus = 'Pending' | 'Succeeded' | 'Failed';

/** A delivery of one event to the endpoint; `deliveryLogId` is its `X-Webhook-Id`. */
export interface WebhookDeliveryResource {
  deliveryLogId: string;
  webhookId: string;
  eventType: DeliveredEventType;
  messageId: string | null;
  status: WebhookDeliveryStatus;
  attempts: WebhookDeliveryAttempt[];
  /** When the next automatic attempt is due; null unless Pending. */
  nextAttemptAt: string | null;
  createdAt: string;
  /** The JSON body every attempt sends. */
  event: Record<string, unknown>;
}

/** A page of an endpoint's deliveries, newest first. */
export interface WebhookDeliveryList {
  items: WebhookDeliveryResource[];
  nextCursor: string | null;
}

/** Where the billing webhook goes. */
export interface EnableBillingWebhookRequest {
  url: WebhookUrl;
}

/** The billing webhook subscription; `signingSecret` only in the answers to enable and regenerate-secret. */
export interface BillingWebhookConfigResource {
  enabled: boolean;
  url: string | null;
  signingSecret?: string;
  updatedAt: string | null;
}
