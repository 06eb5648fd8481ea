import type { Clock } from '@mp/clock';
import { DomainError } from '@mp/problems';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { parseJsonObject } from '../ingest/callback-body';
import { announceRegistryUpdate } from '../registry/announce-registry-update';
import { announceSubscriptionUpdate, paymentSubscriptionUpdate } from '../subscriptions/announce-subscription-update';
import { applySubscriptionNow, type SubscriptionStandingClients } from '../subscriptions/apply-subscription-now';
import { MAX_ID_LENGTH } from '../ingest/callback-fields';
import { insertProviderEventIfNew } from './provider-events.repository';

export interface StoreProviderEventDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
  logger: Logger;
  clients: SubscriptionStandingClients;
}

/**
 * Payment-processor (stripe, stripe/connect) and registry (tcr) events:
 * verified and stored, deduplicated by their `id` (Stripe's shape) or
 * `eventId` (the registry's), per provider and kind. Only the first time, in
 * the same transaction: the payment processor's subscription events are
 * announced on `billing.events`, the registry's brand status updates on
 * `registry.events`. A subscription event (first or repeated) is applied by
 * identity before the answer (apply-subscription-now.ts). Connect events (connected accounts, e.g.
 * `account.updated`) are stored and logged: nothing in the platform acts on a
 * connected account yet.
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
  const type = payload.type ?? payload.eventType;
  const eventType = typeof type === 'string' ? type.slice(0, MAX_ID_LENGTH) : undefined;
  const receivedAt = deps.clock.now();
  const stored = await deps.db.transaction(async (trx) => {
    if (!(await insertProviderEventIfNew(trx, { provider, kind, eventId, eventType, payload, rawBody }, receivedAt))) return { accepted: false };
    const announce = { outbox: deps.outbox, clock: deps.clock, logger: deps.logger };
    // Stripe Connect events concern connected accounts, not the platform's own subscriptions.
    const update = provider === 'stripe' && kind === '' ? await announceSubscriptionUpdate(trx, announce, eventId, payload, receivedAt) : undefined;
    if (provider === 'stripe' && kind === 'connect') {
      deps.logger.info('stripe connect event stored', { eventId, type: eventType, connectedAccount: typeof payload.account === 'string' ? payload.account.slice(0, MAX_ID_LENGTH) : undefined });
    }
    if (provider === 'tcr') await announceRegistryUpdate(trx, announce, eventId, payload);
    return { accepted: true, update };
  });
  // A repeat is applied again (identity keeps each processor event once): the first receipt's call may have failed.
  const update = stored.accepted ? stored.update : provider === 'stripe' && kind === '' ? paymentSubscriptionUpdate(eventId, payload, receivedAt) : undefined;
  if (update) await applySubscriptionNow(deps.clients, update);
  return { accepted: stored.accepted, eventId };
}
