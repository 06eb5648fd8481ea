import type { Knex } from 'knex';
import type { OptInRecordRow } from './opt-in-record';

export const OPT_IN_RECORDS = 'opt_in_records';

/** Inserts the record unless the same one is stored (see SameRecord); whether it was inserted. */
export async function insertOptInRecordOnce(trx: Knex, row: OptInRecordRow): Promise<boolean> {
  return (await trx(OPT_IN_RECORDS).insert(row).onConflict().ignore().returning('record_id')).length === 1;
}

/** What makes records the same (see SameRecord): the unique index a second one violates. */
export const SAME_RECORD_INDEX = 'opt_in_records_same_record';

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

/** A record as the export writes it: times in UTC ISO 8601 (milliseconds), plus its keyset position. */
export interface OptInRecordExportRow extends Pick<OptInRecordRow, 'record_id' | 'subaccount_id' | 'phone_number' | 'method' | 'source' | 'consent_language'> {
  opted_in_at: string;
  created_at: string;
  cursor_created_at: string;
}

/**
 * Oldest first by (created_at, record_id), for the export; `after` continues
 * above the given position. Only the exported columns, the times formatted
 * by the database for the page's rows alone.
 */
export async function pageOptInRecordsOldestFirst(
  db: Knex,
  base: { accountId: string; subaccountId: string | null },
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<OptInRecordExportRow[]> {
  const columns = ['record_id', 'subaccount_id', 'phone_number', 'method', 'source', 'consent_language'];
  const page = listedRecords(db, base.accountId, base.subaccountId).select(...columns, 'opted_in_at', 'created_at');
  if (after) page.andWhereRaw('(created_at, record_id) > (?::timestamptz, ?::uuid)', [after.at, after.id]);
  page
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'record_id', order: 'asc' },
    ])
    .limit(limit);
  const iso = (column: string) => db.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`);
  return db
    .from(page.as('p'))
    .select(...columns, iso('opted_in_at'), iso('created_at'))
    .select(db.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_created_at`))
    .orderBy([
      { column: 'p.created_at', order: 'asc' },
      { column: 'record_id', order: 'asc' },
    ]);
}

/** How many records the base has, counting no further than `cap`. */
export async function countOptInRecordsUpTo(db: Knex, base: { accountId: string; subaccountId: string | null }, cap: number): Promise<number> {
  const [{ n }] = await db.from(listedRecords(db, base.accountId, base.subaccountId).select(db.raw('1')).limit(cap).as('capped')).count({ n: '*' });
  return Number(n);
}
