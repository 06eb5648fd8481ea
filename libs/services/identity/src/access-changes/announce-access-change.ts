import { identityEvents, TOPICS } from '@mp/contracts';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';

export type AccessChangeReason = 'api_key_revoked' | 'api_key_deleted' | 'api_key_updated' | 'user_deactivated' | 'subaccount_updated';

export interface AccessChange {
  accountId: string;
  apiKeyId?: string;
  userId?: string;
  subaccountId?: string;
  reason: AccessChangeReason;
}

/**
 * AccessChanged through the outbox, in the transaction that makes the change:
 * the gateway's API-key principal cache and messaging's sending-standing cache
 * evict what they hold for the key (or the whole account) when it arrives.
 * Every change to what authenticateApiKey or getSendingStanding answers must
 * announce itself here (subscriptions: SubscriptionChanged; activation:
 * AccountActivated), or the caches keep the old answer up to their TTL.
 */
export async function announceAccessChange(outbox: OutboxWriter, trx: Knex.Transaction, change: AccessChange): Promise<void> {
  await outbox.enqueue(trx, {
    topic: TOPICS.identity,
    key: change.accountId,
    type: 'AccessChanged',
    payload: identityEvents.AccessChanged.toJSON(change),
  });
}
