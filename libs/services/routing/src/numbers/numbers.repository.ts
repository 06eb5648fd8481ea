import type { Knex } from 'knex';
import type { ChannelType, SenderNumber } from './number.rules';

interface NumberRow {
  number_id: string;
  account_id: string;
  subaccount_id: string | null;
  address: string;
  channel_types: ChannelType[];
  status: SenderNumber['status'];
  created_at: Date | string;
}

const toNumber = (row: NumberRow): SenderNumber => ({
  numberId: row.number_id,
  accountId: row.account_id,
  subaccountId: row.subaccount_id ?? undefined,
  address: row.address,
  channelTypes: row.channel_types,
  status: row.status,
  createdAt: new Date(row.created_at),
});

/** Inserts unless the address is taken (by any account); returns false then, so the caller can pick another. */
export async function insertNumberIfAddressFree(db: Knex, n: SenderNumber): Promise<boolean> {
  const inserted = await db('numbers')
    .insert({
      number_id: n.numberId,
      account_id: n.accountId,
      subaccount_id: n.subaccountId ?? null,
      address: n.address,
      channel_types: JSON.stringify(n.channelTypes),
      status: n.status,
      created_at: n.createdAt,
    })
    .onConflict('address')
    .ignore()
    .returning('number_id');
  return inserted.length > 0;
}

/** The account's numbers, oldest first; with a subaccount, only those assigned to it. */
/**
 * The account's numbers; for a subaccount, the ones it may send from: its own
 * and the account-level ones (as findSender chooses), never another subaccount's.
 */
export async function listNumbersForAccount(db: Knex, accountId: string, subaccountId?: string): Promise<SenderNumber[]> {
  const query = db<NumberRow>('numbers').where({ account_id: accountId });
  if (subaccountId !== undefined) query.where((q) => q.where({ subaccount_id: subaccountId }).orWhereNull('subaccount_id'));
  const rows = await query.orderBy([{ column: 'created_at' }, { column: 'number_id' }]).select('*');
  return rows.map(toNumber);
}

/**
 * The active number for `channel`: one assigned to the subaccount first,
 * else an account-level one. Numbers of other subaccounts are never used.
 */
export async function findSender(db: Knex, accountId: string, subaccountId: string | undefined, channel: ChannelType): Promise<SenderNumber | undefined> {
  const query = db<NumberRow>('numbers')
    .where({ account_id: accountId, status: 'active' })
    .whereRaw('channel_types @> ?::jsonb', [JSON.stringify([channel])]);
  if (subaccountId === undefined) query.whereNull('subaccount_id');
  else query.where((q) => q.whereNull('subaccount_id').orWhere('subaccount_id', subaccountId));
  // false sorts before true: subaccount-assigned numbers come first.
  const row = await query.orderByRaw('(subaccount_id is null) asc, created_at asc, number_id asc').first();
  return row ? toNumber(row) : undefined;
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
