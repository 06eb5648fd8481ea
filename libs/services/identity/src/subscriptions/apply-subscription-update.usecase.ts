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

/**
 * A payment-processor subscription event applied to the account, in the
 * consumer's transaction only (no call to another service): the status is
 * stored, an event older than the last applied one is ignored, and a change
 * is announced as SubscriptionChanged through identity's outbox.
 */
export async function applySubscriptionUpdate(
  trx: Knex.Transaction,
  deps: ApplySubscriptionUpdateDeps,
  update: providerCallbackEvents.PaymentSubscriptionUpdated,
): Promise<void> {
  const context = { providerEventId: update.providerEventId, accountId: update.accountId };
  const account = isUuid(update.accountId) ? await trx<AccountRow>(ACCOUNTS).where({ id: update.accountId }).forUpdate().first() : undefined;
  if (!account) {
    deps.logger.warn('subscription event for an unknown account ignored', context);
    return;
  }
  const now = deps.clock.now();
  const at = occurredAt(update, now);
  if (account.subscription_updated_at && at < new Date(account.subscription_updated_at)) {
    deps.logger.info('subscription event older than the last applied one ignored', { ...context, occurredAt: at.toISOString() });
    return;
  }
  let status = toSubscriptionStatus(update.subscriptionStatus);
  if (!status) {
    deps.logger.warn('unknown subscription status recorded as canceled', { ...context, status: update.subscriptionStatus });
    status = 'canceled';
  }
  await trx(ACCOUNTS).where({ id: account.id }).update({ subscription_status: status, subscription_updated_at: at, updated_at: now });
  if (status === account.subscription_status) return;
  await deps.outbox.enqueue(trx, {
    topic: TOPICS.identity,
    key: account.id,
    type: 'SubscriptionChanged',
    payload: identityEvents.SubscriptionChanged.toJSON({ accountId: account.id, status }),
  });
}
