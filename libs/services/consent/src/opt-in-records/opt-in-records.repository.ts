import type { Knex } from 'knex';
import type { OptInRecordRow } from './opt-in-record';

export const OPT_IN_RECORDS = 'opt_in_records';

export async function insertOptInRecord(trx: Knex, row: OptInRecordRow): Promise<void> {
  await trx(OPT_IN_RECORDS).insert(row);
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

/** Newest first by (created_at, record_id); `after` continues below the given position. */
export async function pageOptInRecords(db: Knex, query: OptInRecordPageQuery): Promise<PositionedOptInRecordRow[]> {
  const q = db<OptInRecordRow>(OPT_IN_RECORDS)
    .select('*')
    .select(db.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_created_at`))
    .where('account_id', query.accountId);
  if (query.subaccountId !== null) q.andWhere('subaccount_id', query.subaccountId);
  if (query.phoneNumber !== undefined) q.andWhere('phone_number', query.phoneNumber);
  if (query.after) q.andWhereRaw('(created_at, record_id) < (?::timestamptz, ?::uuid)', [query.after.at, query.after.id]);
  return (await q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'record_id', order: 'desc' },
    ])
    .limit(query.limit)) as PositionedOptInRecordRow[];
}
