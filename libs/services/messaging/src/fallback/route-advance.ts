import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { applyTransition } from '../messages/message-transition';
import type { TransitionGuard } from '../messages/message.repository';
import type { MessageRow } from '../messages/message.types';
import type { PriceTable } from '../rules';
import { priceSubmission } from '../submission/price-submission';
import type { ValidSubmission } from '../submission/validate-submission';
import { routeOf } from './route-plan.rules';

/** Whether the message's route has a channel left to fall back to. */
export const hasNextChannel = (message: Pick<MessageRow, 'route_remaining'>): boolean => message.route_remaining !== '';

/**
 * Moves a message to the next channel of its route (spec 3.1): a new
 * channel attempt, queued for dispatch at once, priced for its channel (each
 * attempt is charged as its own), with the reason in the audit trail. No
 * webhook event: the message has not ended. The earlier attempt is not
 * recalled.
 */
export class RouteAdvance {
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly priceTable: PriceTable,
  ) {}

  /** Inside the caller's transaction; undefined (nothing written) when there is no next channel or the guard misses. */
  async advance(trx: Knex.Transaction, message: MessageRow, guard: TransitionGuard, reason: string, now: Date): Promise<MessageRow | undefined> {
    const [next, ...rest] = routeOf(message.route_remaining);
    if (!next) return undefined;
    const pricing = priceSubmission({ channel: next, body: message.body, destination: message.destination } as ValidSubmission, this.priceTable);
    return applyTransition(trx, this.outbox, now, {
      guard,
      to: 'queued',
      changes: {
        channel_type: next,
        route_remaining: rest.join(','),
        channel_attempt: message.channel_attempt + 1,
        estimated_cost: pricing.estimatedCost,
        fallback_due_at: null,
        next_attempt_at: now,
        attempts: 0,
        deferrals: 0,
        claimed_until: null,
        claim_token: null,
        last_error: null,
        failure_reason: null,
      },
      audit: { event: 'fallback', detail: `${reason}; falling back to ${next} (attempt ${message.channel_attempt + 1})` },
    });
  }
}
