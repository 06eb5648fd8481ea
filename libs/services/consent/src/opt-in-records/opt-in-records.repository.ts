import type { Knex } from 'knex';
import { inBatches } from '../db/in-batches';
import type { OptInRecordRow } from './opt-in-record';

export const OPT_IN_RECORDS = 'opt_in_records';

/** Inserts the record unless the same one is stored (see SameRecord); whether it was inserted. */
export async function insertOptInRecordOnce(trx: Knex, row: OptInRecordRow): Promise<boolean> {
  return (await trx(OPT_IN_RECORDS).insert(row).onConflict().ignore().returning('record_id')).length === 1;
}

/** Inserts in multi-row batches, skipping records already stored; answers how many were inserted. */
export async function insertOptInRecordsOnce(trx: Knex, rows: readonly OptInRecordRow[]): Promise<number> {
  let inserted = 0;
  for (const batch of inBatches(rows)) inserted += (await trx(OPT_IN_RECORDS).insert(batch).onConflict().ignore().returning('record_id')).length;
  return inserted;
}

/**
 * What makes two evidence records the same (unique in the table): the
 * account, the subaccount (null: account-level), the number, the moment of
 * consent and the method.
 */
export interface SameRecord {
  account_id: string;
  subaccount_id: string | null;
  phone_number: string;
  opted_in_at: Date;
  method: string;
}

export type RecordKey = Pick<SameRecord, 'phone_number' | 'opted_in_at' | 'method'>;

function recordsOf(db: Knex, accountId: string, subaccountId: string | null) {
  const q = db<OptInRecordRow>(OPT_IN_RECORDS).where('account_id', accountId);
  if (subaccountId === null) q.whereNull('subaccount_id');
  else q.andWhere('subaccount_id', subaccountId);
  return q;
}

/** The stored record that is the same as this one, if any. */
export async function findSameRecord(db: Knex, record: SameRecord): Promise<OptInRecordRow | undefined> {
  return recordsOf(db, record.account_id, record.subaccount_id)
    .where({ phone_number: record.phone_number, opted_in_at: record.opted_in_at, method: record.method })
    .first();
}

/**
 * Of these keys, the ones already stored for the account and subaccount
 * (null: account-level): one query for a whole file, an index probe per key
 * (a lateral subquery) whatever the table's statistics say.
 */
export async function findStoredRecordKeys(db: Knex, accountId: string, subaccountId: string | null, wanted: readonly RecordKey[]): Promise<RecordKey[]> {
  if (wanted.length === 0) return [];
  const json = JSON.stringify(wanted.map((k) => ({ phone_number: k.phone_number, opted_in_at: k.opted_in_at.toISOString(), method: k.method })));
  const subaccount = subaccountId === null ? 'r.subaccount_id is null' : 'r.subaccount_id = ?';
  const rows: Array<{ phone_number: string; opted_in_at: Date | string; method: string }> = await db
    .select('w.phone_number', 'w.opted_in_at', 'w.method')
    .from(db.raw('json_to_recordset(?::json) as w(phone_number text, opted_in_at timestamptz, method text)', [json]))
    .joinRaw(
      `cross join lateral (
        select 1 from ${OPT_IN_RECORDS} r
        where r.account_id = ? and ${subaccount} and r.phone_number = w.phone_number and r.opted_in_at = w.opted_in_at and r.method = w.method
        limit 1
      ) as found`,
      [accountId, ...(subaccountId === null ? [] : [subaccountId])],
    );
  return rows.map((row) => ({ phone_number: row.phone_number, opted_in_at: new Date(row.opted_in_at), method: row.method }));
}

/** A row plus its exact keyset position (microseconds, UTC). */
export type PositionedOptInRecordRow = OptInRecordRow & { cursor_created_at: string };

export interface OptInRecordPageQuery {
  accountId: string;
  /** Set on a subaccount route: that subaccount's records only. */
  subaccountId: string | null;
  phoneNumber?: string;
  after?: { at: string; id: string };
  limit: number;
}

const CURSOR_CREATED_AT = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_created_at`;

/** The records a route's lists and exports show: a subaccount's (subaccountId set), or the whole account's. */
function listedRecords(db: Knex, accountId: string, subaccountId: string | null) {
  const q = db<OptInRecordRow>(OPT_IN_RECORDS).where('account_id', accountId);
  if (subaccountId !== null) q.andWhere('subaccount_id', subaccountId);
  return q;
}

/** Newest first by (created_at, record_id); `after` continues below the given position. */
export async function pageOptInRecords(db: Knex, query: OptInRecordPageQuery): Promise<PositionedOptInRecordRow[]> {
  const q = listedRecords(db, query.accountId, query.subaccountId).select('*').select(db.raw(CURSOR_CREATED_AT));
  if (query.phoneNumber !== undefined) q.andWhere('phone_number', query.phoneNumber);
  if (query.after) q.andWhereRaw('(created_at, record_id) < (?::timestamptz, ?::uuid)', [query.after.at, query.after.id]);
  return (await q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'record_id', order: 'desc' },
    ])
    .limit(query.limit)) as PositionedOptInRecordRow[];
}

/** Oldest first by (created_at, record_id), for the export; `after` continues above the given position. */
export async function pageOptInRecordsOldestFirst(
  db: Knex,
  base: { accountId: string; subaccountId: string | null },
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<PositionedOptInRecordRow[]> {
  const q = listedRecords(db, base.accountId, base.subaccountId).select('*').select(db.raw(CURSOR_CREATED_AT));
  if (after) q.andWhereRaw('(created_at, record_id) > (?::timestamptz, ?::uuid)', [after.at, after.id]);
  return (await q
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'record_id', order: 'asc' },
    ])
    .limit(limit)) as PositionedOptInRecordRow[];
}

/** How many records the base has, counting no further than `cap`. */
export async function countOptInRecordsUpTo(db: Knex, base: { accountId: string; subaccountId: string | null }, cap: number): Promise<number> {
  const [{ n }] = await db.from(listedRecords(db, base.accountId, base.subaccountId).select(db.raw('1')).limit(cap).as('capped')).count({ n: '*' });
  return Number(n);
}
