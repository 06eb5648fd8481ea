import { isUuid } from '@mp/grpc';

/** The Stripe event types that change an account's subscription (DECISIONS "Callbacks"). */
export const SUBSCRIPTION_EVENT_TYPES: readonly string[] = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

export interface SubscriptionUpdate {
  accountId: string;
  /** Stripe's subscription status; `canceled` for a deletion. */
  subscriptionStatus: string;
  /** The event's `created` time, when it carries one. */
  occurredAt?: Date;
}

/** What a stored stripe event means for a subscription. */
export type SubscriptionEventReading =
  | { kind: 'not-a-subscription-event' }
  | { kind: 'unusable'; reason: string }
  | { kind: 'update'; update: SubscriptionUpdate };

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Stripe's `created` is in Unix seconds. */
function createdAt(value: unknown): Date | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  const at = new Date(value * 1000);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * Reads a Stripe-shaped event `{ id, type, created, data: { object } }`:
 * `data.object.metadata.accountId` names the account and `data.object.status`
 * the subscription's status. An event that cannot be tied to an account is
 * "unusable": stored and logged, but answered 200 so Stripe stops retrying it.
 */
export function readSubscriptionEvent(payload: Record<string, unknown>): SubscriptionEventReading {
  const type = payload.type;
  if (typeof type !== 'string' || !SUBSCRIPTION_EVENT_TYPES.includes(type)) return { kind: 'not-a-subscription-event' };
  const subscription = asObject(asObject(payload.data)?.object);
  const accountId = asObject(subscription?.metadata)?.accountId;
  if (!isUuid(accountId)) return { kind: 'unusable', reason: 'data.object.metadata.accountId is not an account id' };
  const status = type === 'customer.subscription.deleted' ? 'canceled' : subscription?.status;
  if (typeof status !== 'string' || status.trim() === '') return { kind: 'unusable', reason: 'data.object.status is missing' };
  return { kind: 'update', update: { accountId: accountId.toLowerCase(), subscriptionStatus: status.trim(), occurredAt: createdAt(payload.created) } };
}
