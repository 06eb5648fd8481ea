import type { Clock } from '@mp/clock';
import type { WebhookPoster } from '../delivery/outbound/webhook-poster';
import type { AttemptRecord } from './webhook-delivery';
import { billingWebhookHeaders, messageWebhookHeaders } from './webhook-signature';

/** Where and how one delivery is sent. */
export interface AttemptTarget {
  deliveryId: string;
  payload: string;
  url: string;
  /** Read when the attempt is made, so a rotated secret signs every later attempt. */
  signingSecret: string;
  kind: 'message' | 'billing';
}

export interface AttemptResult {
  record: Omit<AttemptRecord, 'number' | 'trigger'>;
  retryAfterSeconds?: number;
}

/**
 * Makes one attempt: signs the exact body (timestamp by the wall clock, which
 * receivers compare with theirs), POSTs it and describes what happened. The
 * attempt's time in the log is the platform clock's, like the schedule.
 */
export class WebhookSender {
  constructor(
    private readonly poster: WebhookPoster,
    private readonly clock: Clock,
  ) {}

  async attempt(target: AttemptTarget): Promise<AttemptResult> {
    const attemptedAt = this.clock.now().toISOString();
    const headers =
      target.kind === 'billing'
        ? billingWebhookHeaders({ deliveryId: target.deliveryId, secret: target.signingSecret, body: target.payload })
        : messageWebhookHeaders({ deliveryId: target.deliveryId, secret: target.signingSecret, body: target.payload, signedAt: new Date() });
    const outcome = await this.poster.post(target.url, target.payload, headers);
    return {
      record: {
        attemptedAt,
        statusCode: outcome.status ?? null,
        error: outcome.ok ? null : (outcome.error ?? `answered ${outcome.status}`),
        durationMs: outcome.durationMs,
        succeeded: outcome.ok,
      },
      retryAfterSeconds: outcome.retryAfterSeconds,
    };
  }

  close(): void {
    this.poster.close();
  }
}
