import type { Clock } from '@mp/clock';
import { identityEvents, providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { ACCOUNTS, type AccountRow, type SubscriptionStatus } from '../accounts/accounts.repository';
import { isUuid } from '../shared/ids';

export interface ApplySubscriptionUpdateDeps {
  outbox: OutboxWriter;
  clock: Clock;
  logger: Logger;
}

const KNOWN_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'];

/** Stripe's status as stored; one this version does not know ends the subscription all the same (DECISIONS "Callbacks"). */
function toSubscriptionStatus(status: string): SubscriptionStatus | undefined {
  return (KNOWN_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatus) : undefined;
}

function occurredAt(update: providerCallbackEvents.PaymentSubscriptionUpdated, now: Date): Date {
  const at = update.occurredAt ? new Date(update.occurredAt) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : now;
}

/** Records the processor's event as applied; false when it already was (by the other path). */
async function firstApplication(trx: Knex.Transaction, update: providerCallbackEvents.PaymentSubscriptionUpdated, now: Date): Promise<boolean> {
  const inserted = await trx('applied_subscription_events')
    .insert({ provider_event_id: update.providerEventId, account_id: update.accountId, applied_at: now })
    .onConflict('provider_event_id')
    .ignore()
    .returning('provider_event_id');
  return inserted.length > 0;
}

/**
 * A payment-processor subscription event applied to the account, in the
 * caller's transaction only (no call to another service): the status is
 * stored, an event older than the last applied one is ignored, and a change
 * is announced as SubscriptionChanged through identity's outbox. Two paths
 * bring the same event (provider-callback's call before it answers the
 * callback, and billing.events): each processor event id is applied once, so
 * a repeat cannot undo a later event of the same second. Answers whether the
 * status changed.
 */
export async function applySubscriptionUpdate(
  trx: Knex.Transaction,
  deps: ApplySubscriptionUpdateDeps,
  update: providerCallbackEvents.PaymentSubscriptionUpdated,
): Promise<boolean> {
  const context = { providerEventId: update.providerEventId, accountId: update.accountId };
  const account = isUuid(update.accountId) ? await trx<AccountRow>(ACCOUNTS).where({ id: update.accountId }).forUpdate().first() : undefined;
  if (!account) {
    deps.logger.warn('subscription event for an unknown account ignored', context);
    return false;
  }
  const now = deps.clock.now();
  if (update.providerEventId && !(await firstApplication(trx, update, now))) return false;
  const at = occurredAt(update, now);
  if (account.subscription_updated_at && at < new Date(account.subscription_updated_at)) {
    deps.logger.info('subscription event older than the last applied one ignored', { ...context, occurredAt: at.toISOString() });
    return false;
  }
  let status = toSubscriptionStatus(update.subscriptionStatus);
  if (!status) {
    deps.logger.warn('unknown subscription status recorded as canceled', { ...context, status: update.subscriptionStatus });
    status = 'canceled';
  }
  await trx(ACCOUNTS).where({ id: account.id }).update({ subscription_status: status, subscription_updated_at: at, updated_at: now });
  if (status === account.subscription_status) return false;
  await deps.outbox.enqueue(trx, {
    topic: TOPICS.identity,
    key: account.id,
    type: 'SubscriptionChanged',
    payload: identityEvents.SubscriptionChanged.toJSON({ accountId: account.id, status }),
  });
  return true;
}
