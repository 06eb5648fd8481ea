import { createHmac } from 'node:crypto';

/**
 * The headers of a message webhook delivery (spec 6.3): X-Webhook-Id (the
 * delivery, stable across retries and replays), X-Webhook-Timestamp (unix
 * seconds at signing) and X-Webhook-Signature, `sha256=` and the lowercase
 * hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed by the endpoint's secret.
 */
export function messageWebhookHeaders(input: { deliveryId: string; secret: string; body: string; signedAt: Date }): Record<string, string> {
  const timestamp = String(Math.floor(input.signedAt.getTime() / 1000));
  const signature = createHmac('sha256', input.secret).update(`${timestamp}.`).update(input.body).digest('hex');
  return {
    'content-type': 'application/json',
    'x-webhook-id': input.deliveryId,
    'x-webhook-timestamp': timestamp,
    'x-webhook-signature': `sha256=${signature}`,
  };
}

/**
 * The headers of a billing webhook delivery (spec 6.3 rule 7): an HMAC-SHA256
 * of the body alone, lowercase hex, no timestamp, in X-Signature as provider
 * callbacks carry theirs (DECISIONS Callbacks).
 */
export function billingWebhookHeaders(input: { deliveryId: string; secret: string; body: string }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-webhook-id': input.deliveryId,
    'x-signature': createHmac('sha256', input.secret).update(input.body).digest('hex'),
  };
}
