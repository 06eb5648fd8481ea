import { preparedRaw } from '@mp/db';
import type { Knex } from 'knex';
import type { ChannelType, SenderNumber } from '../numbers/number.rules';
import { toNumber, type NumberRow } from '../numbers/numbers.repository';

/** Where a send goes from: an account, or one of its subaccounts, on one channel. */
export interface SendScopeKey {
  accountId: string;
  /** Absent: an account-level send. */
  subaccountId?: string;
  channel: ChannelType;
}

/** What a scope sends from: the pool serving it, else its own number. */
export interface ScopeSenders {
  /**
   * The pool of the scope (the subaccount's, or an account-level one for an
   * account-level send) with an active number serving the channel; pools of
   * one scope never share a channel, so there is at most one (the oldest).
   */
  poolId?: string;
  /**
   * Without such a pool: the active number for the channel, one assigned to
   * the subaccount first, else an account-level one, oldest first. Numbers
   * of other subaccounts are never used.
   */
  sender?: SenderNumber;
}

/**
 * Each scope's pool or sender (index-aligned with `scopes`), in one
 * statement whatever the number of scopes.
 */
export async function findScopeSenders(db: Knex, scopes: readonly SendScopeKey[]): Promise<ScopeSenders[]> {
  if (scopes.length === 0) return [];
  const input = scopes.map((s, i) => ({ i, account_id: s.accountId, subaccount_id: s.subaccountId ?? null, channel: s.channel }));
  const { rows } = (await preparedRaw(
    db,
    `select s.i, sp.pool_id as serving_pool_id, f.*
       from jsonb_to_recordset(?::jsonb) as s(i int, account_id text, subaccount_id text, channel text)
       left join lateral (
         select p.pool_id
           from number_pools p
          where p.account_id = s.account_id
            and (p.subaccount_id = s.subaccount_id or (s.subaccount_id is null and p.subaccount_id is null))
            and exists (
              select 1
                from number_pool_members m
                join numbers n on n.number_id = m.number_id
               where m.pool_id = p.pool_id and n.status = 'active' and n.channel_types @> jsonb_build_array(s.channel)
            )
          order by p.created_at, p.pool_id
          limit 1
       ) sp on true
       left join lateral (
         select n.*
           from numbers n
          where sp.pool_id is null
            and n.account_id = s.account_id
            and n.status = 'active'
            and n.channel_types @> jsonb_build_array(s.channel)
            and (n.subaccount_id is null or n.subaccount_id = s.subaccount_id)
          -- false sorts before true: subaccount-assigned numbers come first.
          order by (n.subaccount_id is null) asc, n.created_at asc, n.number_id asc
          limit 1
       ) f on true`,
    [JSON.stringify(input)],
  )) as { rows: Array<NumberRow & { i: number; serving_pool_id: string | null }> };
  const found: ScopeSenders[] = scopes.map(() => ({}));
  for (const row of rows) {
    found[row.i] = row.serving_pool_id ? { poolId: row.serving_pool_id } : row.number_id ? { sender: toNumber(row) } : {};
  }
  return found;
}
