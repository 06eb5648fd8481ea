import type { Knex } from 'knex';
import type { ChannelType, SenderNumber } from '../numbers/number.rules';
import { toNumber, type NumberRow } from '../numbers/numbers.repository';
import type { NumberPool, NumberPoolWithMembers, PoolStrategy } from './number-pool';

interface PoolRow {
  pool_id: string;
  account_id: string;
  subaccount_id: string | null;
  name: string;
  strategy: PoolStrategy;
  rotation: Partial<Record<ChannelType, number>>;
  created_at: Date | string;
  updated_at: Date | string;
}

const toPool = (row: PoolRow): NumberPool => ({
  poolId: row.pool_id,
  accountId: row.account_id,
  subaccountId: row.subaccount_id ?? undefined,
  name: row.name,
  strategy: row.strategy,
  rotation: row.rotation ?? {},
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const scoped = (query: Knex.QueryBuilder, column: string, subaccountId: string | undefined) =>
  subaccountId === undefined ? query.whereNull(column) : query.where(column, subaccountId);

/**
 * The pool of a send's scope (the subaccount's, or the account-level one for
 * an account-level send) that has an active number serving `channel`; pools
 * of one scope never share a channel, so there is at most one.
 */
export async function findPoolServing(db: Knex, accountId: string, subaccountId: string | undefined, channel: ChannelType): Promise<NumberPool | undefined> {
  const query = db<PoolRow>('number_pools as p').where('p.account_id', accountId);
  scoped(query, 'p.subaccount_id', subaccountId);
  const row = await query
    .whereExists((q) =>
      q
        .select(db.raw('1'))
        .from('number_pool_members as m')
        .join('numbers as n', 'n.number_id', 'm.number_id')
        .whereRaw('m.pool_id = p.pool_id')
        .where('n.status', 'active')
        .whereRaw('n.channel_types @> ?::jsonb', [JSON.stringify([channel])]),
    )
    .orderBy('p.created_at')
    .first('p.*');
  return row ? toPool(row) : undefined;
}

/** The pool, its row locked for the caller's transaction when `forUpdate` (picks and changes of one pool go one at a time). */
export async function findPool(db: Knex, accountId: string, poolId: string, forUpdate = false): Promise<NumberPool | undefined> {
  const query = db<PoolRow>('number_pools').where({ account_id: accountId, pool_id: poolId });
  if (forUpdate) query.forUpdate();
  const row = await query.first();
  return row ? toPool(row) : undefined;
}

/** The account's pools, oldest first; with a subaccount, only its pools. */
export async function listPools(db: Knex, accountId: string, subaccountId?: string): Promise<NumberPool[]> {
  const query = db<PoolRow>('number_pools').where({ account_id: accountId });
  if (subaccountId !== undefined) query.where({ subaccount_id: subaccountId });
  return (await query.orderBy([{ column: 'created_at' }, { column: 'pool_id' }])).map(toPool);
}

/** Each pool's members (active numbers: a pooled number cannot be released), in rotation order. */
export async function membersOf(db: Knex, poolIds: string[]): Promise<Map<string, SenderNumber[]>> {
  const members = new Map<string, SenderNumber[]>(poolIds.map((id) => [id, []]));
  if (poolIds.length === 0) return members;
  const rows = await db<NumberRow & { position: number }>('number_pool_members as m')
    .join('numbers as n', 'n.number_id', 'm.number_id')
    .whereIn('m.pool_id', poolIds)
    .orderBy([{ column: 'm.pool_id' }, { column: 'm.position' }])
    .select('n.*', 'm.pool_id');
  for (const row of rows) members.get(row.pool_id!)!.push(toNumber(row));
  return members;
}

export async function withMembers(db: Knex, pools: NumberPool[]): Promise<NumberPoolWithMembers[]> {
  const members = await membersOf(
    db,
    pools.map((p) => p.poolId),
  );
  return pools.map((p) => ({ ...p, numbers: members.get(p.poolId) ?? [] }));
}

/** The pool's active numbers serving `channel`, in rotation order. */
export async function poolNumbersFor(db: Knex, poolId: string, channel: ChannelType): Promise<SenderNumber[]> {
  const rows = await db<NumberRow>('number_pool_members as m')
    .join('numbers as n', 'n.number_id', 'm.number_id')
    .where({ 'm.pool_id': poolId, 'n.status': 'active' })
    .whereRaw('n.channel_types @> ?::jsonb', [JSON.stringify([channel])])
    .orderBy('m.position')
    .select('n.*', 'm.pool_id');
  return rows.map(toNumber);
}

/** Which pools hold any of `numberIds` (a number is in at most one), other than `exceptPoolId`. */
export async function poolsHolding(db: Knex, numberIds: string[], exceptPoolId?: string): Promise<Array<{ numberId: string; poolId: string; name: string }>> {
  if (numberIds.length === 0) return [];
  const query = db('number_pool_members as m').join('number_pools as p', 'p.pool_id', 'm.pool_id').whereIn('m.number_id', numberIds);
  if (exceptPoolId) query.whereNot('m.pool_id', exceptPoolId);
  const rows = await query.select('m.number_id', 'p.pool_id', 'p.name');
  return rows.map((r: { number_id: string; pool_id: string; name: string }) => ({ numberId: r.number_id, poolId: r.pool_id, name: r.name }));
}

/** The other pools of one scope, with their members: pools of a scope may not share a channel. */
export async function otherPoolsOfScope(db: Knex, accountId: string, subaccountId: string | undefined, exceptPoolId?: string): Promise<NumberPoolWithMembers[]> {
  const query = db<PoolRow>('number_pools').where({ account_id: accountId });
  scoped(query, 'subaccount_id', subaccountId);
  if (exceptPoolId) query.whereNot('pool_id', exceptPoolId);
  return withMembers(db, (await query.orderBy('created_at')).map(toPool));
}

export async function insertPool(trx: Knex.Transaction, pool: NumberPool, numberIds: string[]): Promise<void> {
  await trx('number_pools').insert({
    pool_id: pool.poolId,
    account_id: pool.accountId,
    subaccount_id: pool.subaccountId ?? null,
    name: pool.name,
    strategy: pool.strategy,
    rotation: JSON.stringify(pool.rotation),
    created_at: pool.createdAt,
    updated_at: pool.updatedAt,
  });
  await insertMembers(trx, pool.poolId, numberIds);
}

async function insertMembers(trx: Knex.Transaction, poolId: string, numberIds: string[]) {
  if (numberIds.length === 0) return;
  await trx('number_pool_members').insert(numberIds.map((numberId, position) => ({ pool_id: poolId, number_id: numberId, position })));
}

export async function updatePoolRow(trx: Knex.Transaction, poolId: string, changes: { name: string; strategy: PoolStrategy; updatedAt: Date }): Promise<void> {
  await trx('number_pools').where({ pool_id: poolId }).update({ name: changes.name, strategy: changes.strategy, updated_at: changes.updatedAt });
}

/** The members, replaced as given (their order is the rotation order). */
export async function replaceMembers(trx: Knex.Transaction, poolId: string, numberIds: string[]): Promise<void> {
  await trx('number_pool_members').where({ pool_id: poolId }).delete();
  await insertMembers(trx, poolId, numberIds);
}

/** Deletes the pool with its members and what it remembered (cascade). */
export async function deletePoolRow(trx: Knex.Transaction, poolId: string): Promise<void> {
  await trx('number_pools').where({ pool_id: poolId }).delete();
}

export async function saveRotation(trx: Knex.Transaction, poolId: string, rotation: NumberPool['rotation']): Promise<void> {
  await trx('number_pools').where({ pool_id: poolId }).update({ rotation: JSON.stringify(rotation) });
}

/** Sticky: the number `recipient` last heard from through this pool. */
export async function stickyNumberOf(db: Knex, poolId: string, recipient: string): Promise<string | undefined> {
  const row = await db('pool_sticky_senders').where({ pool_id: poolId, recipient }).first('number_id');
  return row?.number_id;
}

export async function rememberSticky(trx: Knex.Transaction, poolId: string, recipient: string, numberId: string, now: Date): Promise<void> {
  await trx('pool_sticky_senders')
    .insert({ pool_id: poolId, recipient, number_id: numberId, chosen_at: now })
    .onConflict(['pool_id', 'recipient'])
    .merge(['number_id', 'chosen_at']);
}
