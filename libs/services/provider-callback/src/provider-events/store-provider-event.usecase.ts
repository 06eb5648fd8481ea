import type { Clock } from '@mp/clock';
import { DomainError } from '@mp/problems';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { parseJsonObject } from '../ingest/callback-body';
import { announceSubscriptionUpdate } from '../subscriptions/announce-subscription-update';
import { MAX_ID_LENGTH } from '../ingest/callback-fields';
import { insertProviderEventIfNew } from './provider-events.repository';

export interface StoreProviderEventDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
  logger: Logger;
}

/**
 * Payment-processor (stripe) and registry (tcr) events: verified and stored,
 * deduplicated by their `id` (Stripe's shape) or `eventId`. The payment
 * processor's subscription events are announced on `billing.events` (only
 * the first time); 10DLC status updates are processed from these rows later.
 */
export async function storeProviderEvent(
  deps: StoreProviderEventDeps,
  provider: string,
  kind: string,
  rawBody: Buffer,
): Promise<{ accepted: boolean; eventId: string }> {
  const payload = parseJsonObject(rawBody);
  const eventId = payload.id ?? payload.eventId;
  if (typeof eventId !== 'string' || eventId.trim() === '' || eventId.length > MAX_ID_LENGTH) {
    throw new DomainError('INVALID_INPUT', 'The callback event has no id (a non-empty string `id` or `eventId`).', {
      errors: { id: ['id or eventId must be a non-empty string.'] },
    });
  }
  const eventType = typeof payload.type === 'string' ? payload.type : undefined;
  const accepted = await deps.db.transaction(async (trx) => {
    if (!(await insertProviderEventIfNew(trx, { provider, kind, eventId, eventType, payload, rawBody }, deps.clock.now()))) return false;
    // Stripe Connect events concern connected accounts, not the platform's own subscriptions.
    if (provider === 'stripe' && kind === '') {
      await announceSubscriptionUpdate(trx, { outbox: deps.outbox, clock: deps.clock, logger: deps.logger }, eventId, payload);
    }
    return true;
  });
  return { accepted, eventId };
}
