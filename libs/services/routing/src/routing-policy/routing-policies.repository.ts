import type { Knex } from 'knex';
import type { ChannelType } from '../numbers/number.rules';
import { DEFAULT_ROUTING_POLICY, type RoutingPolicySettings, type StoredRoutingPolicy } from './routing-policy';

interface PolicyRow {
  account_id: string;
  subaccount_id: string;
  preferred_channel_type: ChannelType;
  fallback_chain: ChannelType[];
  is_enabled: boolean;
  receipt_timeout_seconds: number;
  fallback_on_delivery_failure: boolean;
  updated_at: Date | string;
}

const toPolicy = (row: PolicyRow): StoredRoutingPolicy => ({
  accountId: row.account_id,
  subaccountId: row.subaccount_id,
  preferredChannelType: row.preferred_channel_type,
  fallbackChain: row.fallback_chain,
  isEnabled: row.is_enabled,
  receiptTimeoutSeconds: row.receipt_timeout_seconds,
  fallbackOnDeliveryFailure: row.fallback_on_delivery_failure,
  updatedAt: new Date(row.updated_at),
});

/** The subaccount's stored policy, or the defaults (without `updatedAt`) when it never set one. */
export async function findPolicy(db: Knex, accountId: string, subaccountId: string, forUpdate = false): Promise<StoredRoutingPolicy> {
  const query = db<PolicyRow>('routing_policies').where({ account_id: accountId, subaccount_id: subaccountId });
  if (forUpdate) query.forUpdate();
  const row = await query.first();
  return row ? toPolicy(row) : { accountId, subaccountId, ...DEFAULT_ROUTING_POLICY, fallbackChain: [] };
}

/** Stores the whole policy (insert or replace). */
export async function savePolicy(db: Knex, accountId: string, subaccountId: string, policy: RoutingPolicySettings, now: Date): Promise<StoredRoutingPolicy> {
  const row = {
    account_id: accountId,
    subaccount_id: subaccountId,
    preferred_channel_type: policy.preferredChannelType,
    fallback_chain: JSON.stringify(policy.fallbackChain),
    is_enabled: policy.isEnabled,
    receipt_timeout_seconds: policy.receiptTimeoutSeconds,
    fallback_on_delivery_failure: policy.fallbackOnDeliveryFailure,
    updated_at: now,
  };
  const [saved]: PolicyRow[] = await db('routing_policies').insert(row).onConflict(['account_id', 'subaccount_id']).merge().returning('*');
  return toPolicy(saved);
}

/**
 * Makes sure the subaccount has a row to lock (the defaults), so that two
 * first updates at once merge one after the other instead of both reading
 * the defaults.
 */
export async function ensurePolicyRow(db: Knex, accountId: string, subaccountId: string, now: Date): Promise<void> {
  await db('routing_policies')
    .insert({
      account_id: accountId,
      subaccount_id: subaccountId,
      preferred_channel_type: DEFAULT_ROUTING_POLICY.preferredChannelType,
      fallback_chain: JSON.stringify(DEFAULT_ROUTING_POLICY.fallbackChain),
      is_enabled: DEFAULT_ROUTING_POLICY.isEnabled,
      receipt_timeout_seconds: DEFAULT_ROUTING_POLICY.receiptTimeoutSeconds,
      fallback_on_delivery_failure: DEFAULT_ROUTING_POLICY.fallbackOnDeliveryFailure,
      updated_at: now,
    })
    .onConflict(['account_id', 'subaccount_id'])
    .ignore();
}
