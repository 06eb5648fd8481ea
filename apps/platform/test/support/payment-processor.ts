import { createHmac, randomUUID } from 'node:crypto';
import type { ApiClient } from './api-client';

/** The sandbox's Stripe signing secret (CALLBACK_SECRET_STRIPE of the all-in-one platform). */
export const SANDBOX_STRIPE_SECRET = 'sandbox-stripe-secret';

/**
 * A Stripe-shaped subscription event for the account (DECISIONS "Callbacks"), as the raw body
 * Stripe signs. `created` is in whole seconds, as Stripe's are.
 */
export const stripeSubscriptionEvent = (type: string, accountId: string, status: string, created = Math.floor(Date.now() / 1000)) =>
  JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    created,
    data: { object: { id: `sub_${randomUUID().slice(0, 8)}`, object: 'subscription', status, metadata: { accountId } } },
  });

/** The X-Signature the payment processor sends: HMAC-SHA256 of the raw body, hex. */
export const signStripe = (raw: string, secret = SANDBOX_STRIPE_SECRET) => createHmac('sha256', secret).update(raw).digest('hex');

/** The payment processor's callback, signed with the sandbox secret unless `signature` is given. */
export const postStripeCallback = (api: ApiClient, raw: string, signature = signStripe(raw)) =>
  api.post('/v1/webhooks/stripe', { rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': signature } });
