import type { Knex } from 'knex';
import { CONSENT_ENTRIES } from '../ledger/consent-entries.repository';
import { EVERY_CHANNEL } from '../ledger/consent-entry';
import { OPT_IN_RECORDS } from '../opt-in-records/opt-in-records.repository';
import type { ImportPlacement } from '../opt-outs/opt-outs.repository';
import { OPT_OUTS } from '../opt-outs/opt-outs.repository';

/**
 * An import's writes, each in ONE statement whatever the file's size: the
 * rows travel as one JSON parameter; those already stored are found by an
 * index probe per row (a lateral subquery, so the plan stays that even with
 * the stale statistics a large import leaves; skipped when nothing is stored
 * there yet, as on a first import); for the others the ledger
 * entries (columns as appendEntry writes them, ledger positions given by the
 * database in file order) and the rows naming them are inserted together.
 * Plain inserts: a row a concurrent call stored meanwhile fails the
 * statement with unique_violation (see inImportTransaction). Ids are
 * made by the database. Each answers the `n` of the rows it stored.
 */

/** One valid row of an opt-out file; `n` tells it in the answer. */
export interface ImportedOptOut {
  n: number;
  recipient: string;
  channel_type: string;
  reason: string | null;
}

export interface OptOutImport extends ImportPlacement {
  actor: string | null;
  at: Date;
}

export async function insertImportedOptOuts(trx: Knex, write: OptOutImport, rows: readonly ImportedOptOut[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const subaccount = write.subaccount_id === null ? 'o.subaccount_id is null' : 'o.subaccount_id = :subaccount::uuid';
  const atPlacement = trx(`${OPT_OUTS} as o`).where({ 'o.account_id': write.account_id, 'o.scope': write.scope }).whereNull('o.receiving_number');
  if (write.subaccount_id === null) atPlacement.whereNull('o.subaccount_id');
  else atPlacement.andWhere('o.subaccount_id', write.subaccount_id);
  // Nothing at the placement yet (a first import): every row is new, no probe needed.
  const probe = (await atPlacement.first(trx.raw('1 as one')))
    ? `left join lateral (
        select 1 as present from ${OPT_OUTS} o
        where o.account_id = :account::uuid and o.recipient = r.recipient and o.channel_type = r.channel_type
          and o.scope = :scope and ${subaccount} and o.receiving_number is null
        limit 1
      ) f on true
      where f.present is null`
    : '';
  const result = await trx.raw(
    `with w as materialized (
      select r.*, gen_random_uuid() as entry_id, gen_random_uuid() as id
      from json_to_recordset(:rows::json) as r(n int, recipient text, channel_type text, reason text)
      ${probe}
    ), entries as (
      insert into ${CONSENT_ENTRIES} (entry_id, account_id, subaccount_id, recipient, channel_type, action, scope, source, actor, reason, recorded_at)
      select entry_id, :account::uuid, :subaccount::uuid, recipient, channel_type, 'opted_out', :scope, 'import', :actor, reason, :at::timestamptz
      from w order by n
    )
    insert into ${OPT_OUTS} (id, account_id, subaccount_id, recipient, channel_type, scope, receiving_number, source, reason, created_at, entry_id)
    select id, :account::uuid, :subaccount::uuid, recipient, channel_type, :scope, null, 'import', reason, :at::timestamptz, entry_id
    from w order by n
    returning recipient, channel_type`,
    {
      rows: JSON.stringify(rows),
      account: write.account_id,
      subaccount: write.subaccount_id,
      scope: write.scope,
      actor: write.actor,
      at: write.at.toISOString(),
    },
  );
  // A file's valid rows are distinct by recipient and channel (the others are duplicate_in_file).
  const nOf = new Map(rows.map((row) => [`${row.channel_type} ${row.recipient}`, row.n]));
  return (result.rows as Array<{ recipient: string; channel_type: string }>).map((row) => nOf.get(`${row.channel_type} ${row.recipient}`)!);
}

/** One valid row of an evidence file; `n` tells it in the answer. */
export interface ImportedOptInRecord {
  n: number;
  phone_number: string;
  opted_in_at: Date;
  method: string;
  source: string | null;
  consent_language: string | null;
  /** What the ledger entry says of the evidence. */
  consent_evidence: string;
}

export interface OptInRecordImport {
  account_id: string;
  /** Null: account-level records. */
  subaccount_id: string | null;
  /** The ledger entry's scope: the reach of the route imported through. */
  scope: 'subaccount' | 'entireAccount';
  actor: string | null;
  at: Date;
}

export async function insertImportedOptInRecords(trx: Knex, write: OptInRecordImport, rows: readonly ImportedOptInRecord[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const subaccount = write.subaccount_id === null ? 's.subaccount_id is null' : 's.subaccount_id = :subaccount::uuid';
  const ofBase = trx(`${OPT_IN_RECORDS} as s`).where('s.account_id', write.account_id);
  if (write.subaccount_id === null) ofBase.whereNull('s.subaccount_id');
  else ofBase.andWhere('s.subaccount_id', write.subaccount_id);
  // No record for the base yet (a first import): every row is new, no probe needed.
  const probe = (await ofBase.first(trx.raw('1 as one')))
    ? `left join lateral (
        select 1 as present from ${OPT_IN_RECORDS} s
        where s.account_id = :account::uuid and ${subaccount} and s.phone_number = r.phone_number
          and s.opted_in_at = r.opted_in_at and s.method = r.method
        limit 1
      ) f on true
      where f.present is null`
    : '';
  const result = await trx.raw(
    `with w as materialized (
      select r.*, gen_random_uuid() as entry_id, gen_random_uuid() as record_id
      from json_to_recordset(:rows::json) as r(
        n int, phone_number text, opted_in_at timestamptz, method text, source text, consent_language text, consent_evidence text
      )
      ${probe}
    ), entries as (
      insert into ${CONSENT_ENTRIES} (entry_id, account_id, subaccount_id, recipient, channel_type, action, scope, source, actor, consent_method, consent_evidence, recorded_at)
      select entry_id, :account::uuid, :subaccount::uuid, phone_number, :everyChannel, 'evidence_recorded', :scope, 'import', :actor, method, consent_evidence, :at::timestamptz
      from w order by n
    )
    insert into ${OPT_IN_RECORDS} (record_id, account_id, subaccount_id, phone_number, opted_in_at, method, source, consent_language, created_at, entry_id)
    select record_id, :account::uuid, :subaccount::uuid, phone_number, opted_in_at, method, source, consent_language, :at::timestamptz, entry_id
    from w order by n
    returning phone_number, opted_in_at, method`,
    {
      rows: JSON.stringify(rows),
      account: write.account_id,
      subaccount: write.subaccount_id,
      scope: write.scope,
      actor: write.actor,
      at: write.at.toISOString(),
      everyChannel: EVERY_CHANNEL,
    },
  );
  // A file's valid rows are distinct by number, moment and method (the others are duplicate_in_file).
  const key = (phone: string, at: Date | string, method: string) => `${phone} ${new Date(at).toISOString()} ${method}`;
  const nOf = new Map(rows.map((row) => [key(row.phone_number, row.opted_in_at, row.method), row.n]));
  return (result.rows as Array<{ phone_number: string; opted_in_at: Date | string; method: string }>).map((row) => nOf.get(key(row.phone_number, row.opted_in_at, row.method))!);
}
