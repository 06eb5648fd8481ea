import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { NewConsentEntry } from '../ledger/consent-entry';
import type { OptOutRow } from '../opt-outs/opt-out';

/** An upload: the header line and the data lines, each ended by CRLF. */
export const csvFile = (header: string, lines: readonly string[]) => Buffer.from([header, ...lines].map((line) => `${line}\r\n`).join(''), 'utf8');

/** `count` distinct E.164 numbers from `first` on (+1555 and seven digits). */
export const numbersFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => `+1555${String(first + i).padStart(7, '0')}`);

export interface BulkOptOuts {
  account_id: string;
  subaccount_id: string | null;
  scope: 'subaccount' | 'accountLevelOnly' | 'entireAccount';
  recipients: readonly string[];
  created_at: Date;
}

/**
 * Opt-outs in force as an import would have stored them (an `opted_out`
 * ledger entry and its projection row each), written in multi-row batches
 * straight to the tables: to seed exports of more than 10,000 rows quickly.
 */
export async function seedOptOutsInBulk(db: Knex, seed: BulkOptOuts): Promise<void> {
  const rows: OptOutRow[] = seed.recipients.map((recipient) => ({
    id: randomUUID(),
    account_id: seed.account_id,
    subaccount_id: seed.subaccount_id,
    recipient,
    channel_type: 'Sms',
    scope: seed.scope,
    receiving_number: null,
    source: 'import',
    reason: null,
    created_at: seed.created_at,
    entry_id: randomUUID(),
  }));
  const entries: NewConsentEntry[] = rows.map((row) => ({
    entry_id: row.entry_id,
    account_id: row.account_id,
    subaccount_id: row.subaccount_id,
    recipient: row.recipient,
    channel_type: row.channel_type,
    action: 'opted_out',
    scope: row.scope,
    source: 'import',
    actor: null,
    reason: null,
    consent_method: null,
    consent_evidence: null,
    receiving_number: null,
    lifted_entry_ids: [],
    recorded_at: seed.created_at,
  }));
  // 1,000 rows a statement: well under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < rows.length; i += 1000) await db('consent_entries').insert(entries.slice(i, i + 1000));
  for (let i = 0; i < rows.length; i += 1000) await db('opt_outs').insert(rows.slice(i, i + 1000));
}
