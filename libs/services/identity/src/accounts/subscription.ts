import type { SubscriptionStatus } from './accounts.repository';

/** Sending needs a subscription in good standing (DECISIONS "Callbacks"): trialing or active. */
export function isSubscriptionActive(status: SubscriptionStatus | string): boolean {
  return status === 'trialing' || status === 'active';
}
