import { counter } from '@mp/telemetry';

/** Automatic webhook attempts by outcome: succeeded, retry_scheduled (failed, will try again), failed (given up). */
const attempts = counter('webhook_delivery_attempts_total', 'Automatic webhook delivery attempts, by outcome', ['outcome']);

export function countWebhookAttempt(status: 'Succeeded' | 'Pending' | 'Failed'): void {
  attempts.inc({ outcome: status === 'Succeeded' ? 'succeeded' : status === 'Pending' ? 'retry_scheduled' : 'failed' });
}
