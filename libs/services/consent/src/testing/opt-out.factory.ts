import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { NewConsentEntry } from '../ledger/consent-entry';
import type { OptOutRow } from '../opt-outs/opt-out';

type OptOutSeed = Partial<OptOutRow> & Pick<OptOutRow, 'account_id' | 'scope' | 'created_at'>;

/** An `opt_outs` row (its entry_id names no entry yet: seedOptOut writes both). */
export function optOutRow(overrides: OptOutSeed): OptOutRow {
  return {
    id: randomUUID(),
    subaccount_id: null,
    recipient: '+15557654321',
    channel_type: 'Sms',
    receiving_number: null,
    source: 'customer',
    reason: null,
    entry_id: randomUUID(),
    ...overrides,
  };
}

/**
 * An opt-out in force as the service would have recorded it: its `opted_out`
 * ledger entry and the projection row naming it. For states the API cannot
 * make (support removals) and for tables of placements.
 */
export async function seedOptOut(db: Knex, overrides: OptOutSeed): Promise<OptOutRow> {
  const row = optOutRow(overrides);
  const entry: NewConsentEntry = {
    entry_id: row.entry_id,
    account_id: row.account_id,
    subaccount_id: row.subaccount_id,
    recipient: row.recipient,
    channel_type: row.channel_type,
    action: 'opted_out',
    scope: row.scope,
    source: row.source as NewConsentEntry['source'],
    actor: null,
    reason: row.reason,
    consent_method: null,
    consent_evidence: null,
    receiving_number: row.receiving_number,
    lifted_entry_ids: [],
    recorded_at: new Date(row.created_at),
  };
  await db('consent_entries').insert(entry);
  await db('opt_outs').insert(row);
  return row;
}
