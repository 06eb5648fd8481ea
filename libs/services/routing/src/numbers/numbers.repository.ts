import type { Knex } from 'knex';
import type { ChannelType, SenderNumber } from './number.rules';

export interface NumberRow {
  number_id: string;
  account_id: string;
  subaccount_id: string | null;
  address: string;
  channel_types: ChannelType[];
  status: SenderNumber['status'];
  created_at: Date | string;
  sandbox: boolean;
  campaign_id: string | null;
  use_count: string | number;
  released_at: Date | string | null;
  /** Present when listed with the membership (listNumbersForAccount). */
  pool_id?: string | null;
}

export const toNumber = (row: NumberRow): SenderNumber => ({
  numberId: row.number_id,
  accountId: row.account_id,
  subaccountId: row.subaccount_id ?? undefined,
  address: row.address,
  channelTypes: row.channel_types,
  status: row.status,
  createdAt: new Date(row.created_at),
  sandbox: row.sandbox,
  campaignId: row.campaign_id ?? undefined,
  useCount: Number(row.use_count),
  poolId: row.pool_id ?? undefined,
});

export type NewNumber = Pick<SenderNumber, 'numberId' | 'accountId' | 'subaccountId' | 'address' | 'channelTypes' | 'createdAt'> & { sandbox?: boolean };

/**
 * Inserts unless an active number (of any account) holds the address; returns
 * false then, so the caller can pick another or answer CONFLICT.
 */
export async function insertNumberIfAddressFree(db: Knex, n: NewNumber): Promise<boolean> {
  const inserted = await db('numbers')
    .insert({
      number_id: n.numberId,
      account_id: n.accountId,
      subaccount_id: n.subaccountId ?? null,
      address: n.address,
      channel_types: JSON.stringify(n.channelTypes),
      status: 'active',
      created_at: n.createdAt,
      sandbox: n.sandbox ?? true,
    })
    // The only unique index besides the (random) id: active addresses.
    .onConflict()
    .ignore()
    .returning('number_id');
  return inserted.length > 0;
}

/**
 * The account's active numbers, oldest first, each with the pool it is in;
 * for a subaccount the ones it may send from: its own and the account-level
 * ones (as findSender chooses), never another subaccount's.
 */
export async function listNumbersForAccount(db: Knex, accountId: string, subaccountId?: string): Promise<SenderNumber[]> {
  const query = db<NumberRow>('numbers as n')
    .leftJoin('number_pool_members as m', 'm.number_id', 'n.number_id')
    .where({ 'n.account_id': accountId, 'n.status': 'active' });
  if (subaccountId !== undefined) query.where((q) => q.where({ 'n.subaccount_id': subaccountId }).orWhereNull('n.subaccount_id'));
  const rows = await query.orderBy([{ column: 'n.created_at' }, { column: 'n.number_id' }]).select('n.*', 'm.pool_id');
  return rows.map(toNumber);
}

/** The account's active number with this id, locked for the caller's transaction when `forUpdate`. */
export async function findActiveNumber(db: Knex, accountId: string, numberId: string, forUpdate = false): Promise<SenderNumber | undefined> {
  const query = db<NumberRow>('numbers').where({ account_id: accountId, number_id: numberId, status: 'active' });
  if (forUpdate) query.forUpdate();
  const row = await query.first();
  return row ? toNumber(row) : undefined;
}

/** The account's active numbers among `numberIds`, locked (a pool write must not race a release). */
export async function lockActiveNumbers(trx: Knex.Transaction, accountId: string, numberIds: string[]): Promise<SenderNumber[]> {
  if (numberIds.length === 0) return [];
  const rows = await trx<NumberRow>('numbers').where({ account_id: accountId, status: 'active' }).whereIn('number_id', numberIds).forUpdate().select('*');
  return rows.map(toNumber);
}

/** Releases an active number: it stops sending, resolving and listing; its address is free again. */
export async function releaseNumber(db: Knex, numberId: string, now: Date): Promise<boolean> {
  const updated = await db('numbers').where({ number_id: numberId, status: 'active' }).update({ status: 'released', released_at: now });
  return updated > 0;
}

/**
 * The active number or sender address `address` serving `channel`, whichever
 * account holds it. Email addresses compare case-insensitively (sandbox sender
 * addresses are stored in lower case); E.164 numbers exactly.
 */
export async function findActiveNumberByAddress(db: Knex, address: string, channel: ChannelType): Promise<SenderNumber | undefined> {
  const query = db<NumberRow>('numbers')
    .where({ status: 'active' })
    .whereRaw('channel_types @> ?::jsonb', [JSON.stringify([channel])]);
  if (channel === 'Email') query.whereRaw('lower(address) = lower(?)', [address]);
  else query.where({ address });
  const row = await query.first();
  return row ? toNumber(row) : undefined;
}

/** Counts the picks from pools: `uses` maps each number to how many more times it was picked; one statement for all. */
export async function countPoolUses(trx: Knex.Transaction, uses: ReadonlyMap<string, number>): Promise<void> {
  if (uses.size === 0) return;
  const rows = [...uses].map(([number_id, picks]) => ({ number_id, picks }));
  await trx.raw(
    'update numbers as n set use_count = n.use_count + u.picks from jsonb_to_recordset(?::jsonb) as u(number_id text, picks bigint) where n.number_id = u.number_id',
    [JSON.stringify(rows)],
  );
}
