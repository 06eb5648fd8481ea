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

/** The pool, its row locked for the caller's transaction when `forUpdate` (picks and changes of one pool go one at a time). */
export async function findPool(db: Knex, accountId: string, poolId: string, forUpdate = false): Promise<NumberPool | undefined> {
  const query = db<PoolRow>('number_pools').where({ account_id: accountId, pool_id: poolId });
  if (forUpdate) query.forUpdate();
  const row = await query.first();
  return row ? toPool(row) : undefined;
}

/**
 * The pools with these ids, in pool id order. With `forUpdate` their rows are
 * locked for the caller's transaction, one after another in that order (so
 * two batches of sender choices never wait on each other in a circle).
 */
export async function findPools(db: Knex, poolIds: readonly string[], forUpdate = false): Promise<Map<string, NumberPool>> {
  if (poolIds.length === 0) return new Map();
  const query = db<PoolRow>('number_pools').whereIn('pool_id', [...poolIds]).orderBy('pool_id');
  if (forUpdate) query.forUpdate();
  const rows = await query.select('*');
  return new Map(rows.map((row) => [row.pool_id, toPool(row)]));
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

/** Each pool's active numbers (any channel), in rotation order; a pool without any maps to []. */
export async function activeMembersOf(db: Knex, poolIds: readonly string[]): Promise<Map<string, SenderNumber[]>> {
  const members = new Map<string, SenderNumber[]>(poolIds.map((id) => [id, []]));
  if (poolIds.length === 0) return members;
  const rows = await db<NumberRow>('number_pool_members as m')
    .join('numbers as n', 'n.number_id', 'm.number_id')
    .whereIn('m.pool_id', [...poolIds])
    .where('n.status', 'active')
    .orderBy([{ column: 'm.pool_id' }, { column: 'm.position' }])
    .select('n.*', 'm.pool_id');
  for (const row of rows) members.get(row.pool_id!)!.push(toNumber(row));
  return members;
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

/** Stores each pool's rotation (RoundRobin positions per channel), one statement for all. */
export async function saveRotations(trx: Knex.Transaction, rotations: ReadonlyMap<string, NumberPool['rotation']>): Promise<void> {
  if (rotations.size === 0) return;
  const rows = [...rotations].map(([pool_id, rotation]) => ({ pool_id, rotation }));
  await trx.raw(
    'update number_pools as p set rotation = u.rotation from jsonb_to_recordset(?::jsonb) as u(pool_id text, rotation jsonb) where p.pool_id = u.pool_id',
    [JSON.stringify(rows)],
  );
}

/** A Sticky pool's memory of one recipient: the number it last heard from. */
export interface StickyKey {
  poolId: string;
  recipient: string;
}

export const stickyKeyOf = (k: StickyKey) => `${k.poolId}\n${k.recipient}`;

/** Sticky: the number each (pool, recipient) last heard from, keyed by stickyKeyOf; those never remembered are absent. */
export async function stickyNumbersOf(db: Knex, keys: readonly StickyKey[]): Promise<Map<string, string>> {
  const remembered = new Map<string, string>();
  if (keys.length === 0) return remembered;
  const rows: Array<{ pool_id: string; recipient: string; number_id: string }> = await db('pool_sticky_senders')
    .whereIn(
      ['pool_id', 'recipient'],
      keys.map((k) => [k.poolId, k.recipient]),
    )
    .select('pool_id', 'recipient', 'number_id');
  for (const row of rows) remembered.set(stickyKeyOf({ poolId: row.pool_id, recipient: row.recipient }), row.number_id);
  return remembered;
}

/** Remembers, for each (pool, recipient) given once, the number it heard from now; one statement for all. */
export async function rememberStickies(trx: Knex.Transaction, rows: ReadonlyArray<StickyKey & { numberId: string }>, now: Date): Promise<void> {
  if (rows.length === 0) return;
  await trx('pool_sticky_senders')
    .insert(rows.map((r) => ({ pool_id: r.poolId, recipient: r.recipient, number_id: r.numberId, chosen_at: now })))
    .onConflict(['pool_id', 'recipient'])
    .merge(['number_id', 'chosen_at']);
}
