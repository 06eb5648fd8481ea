import type { Knex } from 'knex';
import { canonicalAddress, toOptOut, type OptOutInForce, type OptOutRow, type OptOutScope } from './opt-out';

export const OPT_OUTS = 'opt_outs';

/** Every opt-out of one recipient on one channel in the account, wherever it applies, oldest first. */
export async function listOptOutsForRecipient(db: Knex, accountId: string, recipient: string, channelType: string): Promise<OptOutInForce[]> {
  const rows = await db<OptOutRow>(OPT_OUTS)
    .where({ account_id: accountId, recipient: canonicalAddress(recipient) })
    .whereRaw('lower(channel_type) = lower(?)', [channelType])
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return rows.map(toOptOut);
}

/** One recipient on one channel in one account, as listOptOutsForRecipients looks it up. */
export interface RecipientChannel {
  accountId: string;
  recipient: string;
  channelType: string;
}

/**
 * listOptOutsForRecipient for many (account, recipient, channel) at once, in
 * one statement: each key's opt-outs (index-aligned with `keys`), oldest first.
 */
export async function listOptOutsForRecipients(db: Knex, keys: readonly RecipientChannel[]): Promise<OptOutInForce[][]> {
  if (keys.length === 0) return [];
  // Each distinct key once; the keys that repeat it share its list.
  const distinct = new Map<string, number>();
  const input: Array<{ i: number; account_id: string; recipient: string; channel_type: string }> = [];
  const slot = keys.map((k) => {
    const recipient = canonicalAddress(k.recipient);
    const key = `${k.accountId}\n${recipient}\n${k.channelType}`;
    if (!distinct.has(key)) {
      distinct.set(key, input.length);
      input.push({ i: input.length, account_id: k.accountId, recipient, channel_type: k.channelType });
    }
    return distinct.get(key)!;
  });
  const found: OptOutInForce[][] = input.map(() => []);
  const { rows } = (await db.raw(
    `select k.i, o.*
       from jsonb_to_recordset(?::jsonb) as k(i int, account_id uuid, recipient text, channel_type text)
       join ${OPT_OUTS} o on o.account_id = k.account_id and o.recipient = k.recipient and lower(o.channel_type) = lower(k.channel_type)
      order by o.created_at asc, o.id asc`,
    [JSON.stringify(input)],
  )) as { rows: Array<OptOutRow & { i: number }> };
  for (const { i, ...row } of rows) found[i].push(toOptOut(row));
  return slot.map((i) => [...found[i]]);
}

/** Where one opt-out applies: the projection's unique key. */
export type Placement = Pick<OptOutRow, 'account_id' | 'subaccount_id' | 'recipient' | 'channel_type' | 'scope' | 'receiving_number'>;

/** The opt-out in force at exactly this placement, if any. */
export async function findOptOutAt(db: Knex, placement: Placement): Promise<OptOutInForce | undefined> {
  const q = db<OptOutRow>(OPT_OUTS).where({ account_id: placement.account_id, recipient: placement.recipient, channel_type: placement.channel_type, scope: placement.scope });
  for (const column of ['subaccount_id', 'receiving_number'] as const) {
    const value = placement[column];
    if (value === null) q.whereNull(column);
    else q.andWhere(column, value);
  }
  const row = await q.first();
  return row && toOptOut(row);
}

/** Inserts the row unless its placement is already in force; the stored opt-out, or undefined when it was. */
export async function insertOptOutOnce(trx: Knex, row: OptOutRow): Promise<OptOutInForce | undefined> {
  const inserted = await trx<OptOutRow>(OPT_OUTS).insert(row).onConflict().ignore().returning('*');
  return inserted[0] && toOptOut(inserted[0] as OptOutRow);
}

/** Where an import records its opt-outs: one scope and subaccount (null: account-level) for every row, no receiving number. */
export interface ImportPlacement {
  account_id: string;
  subaccount_id: string | null;
  scope: OptOutScope;
}

/** The projection's unique placement (see the migrations): a second opt-out at a placement in force violates it. */
export const OPT_OUTS_UNIQUE = 'opt_outs_unique';

export async function deleteOptOuts(trx: Knex, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await trx(OPT_OUTS).whereIn('id', [...ids]).del();
}

/** Makes the rows name another entry: one that took them over (a newer STOP of the same number). */
export async function renameOptOutsEntry(trx: Knex, ids: readonly string[], entryId: string): Promise<void> {
  if (ids.length > 0) await trx(OPT_OUTS).whereIn('id', [...ids]).update({ entry_id: entryId });
}

/** The STOP replies of a recipient on one receiving number, on any channel and for any subaccount. */
export async function listStopRepliesOn(db: Knex, accountId: string, recipient: string, receivingNumber: string): Promise<OptOutInForce[]> {
  const rows = await db<OptOutRow>(OPT_OUTS)
    .where({ account_id: accountId, recipient, receiving_number: receivingNumber, scope: 'stopReply' })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return rows.map(toOptOut);
}

/** A row plus its exact keyset position (microseconds, UTC). */
export type PositionedOptOutRow = OptOutRow & { cursor_created_at: string };

export interface OptOutPageQuery {
  accountId: string;
  /** Set on a subaccount route: the opt-outs recorded for that subaccount only. */
  subaccountId: string | null;
  recipient?: string;
  channelType?: string;
  after?: { at: string; id: string };
  limit: number;
}

/** Newest first by (created_at, id); `after` continues below the given position. */
export async function pageOptOuts(db: Knex, query: OptOutPageQuery): Promise<PositionedOptOutRow[]> {
  const q = db<OptOutRow>(OPT_OUTS)
    .select('*')
    .select(db.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_created_at`))
    .where('account_id', query.accountId);
  if (query.subaccountId !== null) q.andWhere('subaccount_id', query.subaccountId);
  if (query.recipient !== undefined) q.andWhere('recipient', query.recipient);
  if (query.channelType !== undefined) q.andWhere('channel_type', query.channelType);
  if (query.after) q.andWhereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [query.after.at, query.after.id]);
  return (await q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit)) as PositionedOptOutRow[];
}

/** The opt-outs a route's lists and exports show: a subaccount's (subaccountId set), or the whole account's. */
export interface OptOutsOfBase {
  accountId: string;
  subaccountId: string | null;
}

function optOutsOf(db: Knex, base: OptOutsOfBase) {
  const q = db<OptOutRow>(OPT_OUTS).where('account_id', base.accountId);
  if (base.subaccountId !== null) q.andWhere('subaccount_id', base.subaccountId);
  return q;
}

/** An opt-out as the export writes it: created_at in UTC ISO 8601 (milliseconds), plus its keyset position. */
export interface OptOutExportRow extends Pick<OptOutRow, 'id' | 'recipient' | 'channel_type' | 'scope' | 'subaccount_id' | 'reason' | 'source'> {
  created_at: string;
  cursor_created_at: string;
}

/**
 * Oldest first by (created_at, id), for the export; `after` continues above
 * the given position. Only the exported columns, the times formatted by the
 * database for the page's rows alone (not for every row the sort reads).
 */
export async function pageOptOutsOldestFirst(db: Knex, base: OptOutsOfBase, after: { at: string; id: string } | undefined, limit: number): Promise<OptOutExportRow[]> {
  const page = optOutsOf(db, base).select('id', 'recipient', 'channel_type', 'scope', 'subaccount_id', 'reason', 'source', 'created_at');
  if (after) page.andWhereRaw('(created_at, id) > (?::timestamptz, ?::uuid)', [after.at, after.id]);
  page
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(limit);
  return db
    .from(page.as('p'))
    .select('id', 'recipient', 'channel_type', 'scope', 'subaccount_id', 'reason', 'source')
    .select(db.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`))
    .select(db.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_created_at`))
    .orderBy([
      { column: 'p.created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
}

/** How many opt-outs the base has, counting no further than `cap` (enough to tell "more than cap - 1"). */
export async function countOptOutsUpTo(db: Knex, base: OptOutsOfBase, cap: number): Promise<number> {
  const [{ n }] = await db.from(optOutsOf(db, base).select(db.raw('1')).limit(cap).as('capped')).count({ n: '*' });
  return Number(n);
}
