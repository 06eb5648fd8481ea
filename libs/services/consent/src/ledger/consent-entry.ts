import type { consentV1 } from '@mp/contracts';
import type { OptOutScope } from '../opt-outs/opt-out';

/** What an entry did: recorded an opt-out, re-subscribed (lifting opt-outs), or stored consent evidence. */
export type EntryAction = 'opted_out' | 'resubscribed' | 'evidence_recorded';

/** Who or what made the change: decides, for opt-outs, whether the customer may lift them. */
export type EntrySource = 'customer' | 'import' | 'stop_reply' | 'start_reply' | 'support';

/** An entry's channel_type for a change to every channel of the recipient's address (STOP, START, evidence). */
export const EVERY_CHANNEL = '*';

/** A row of `consent_entries` as written; the ledger position and nothing else is added by the database. */
export interface NewConsentEntry {
  entry_id: string;
  account_id: string;
  subaccount_id: string | null;
  recipient: string;
  channel_type: string;
  action: EntryAction;
  scope: OptOutScope;
  source: EntrySource;
  actor: string | null;
  reason: string | null;
  consent_method: string | null;
  consent_evidence: string | null;
  receiving_number: string | null;
  lifted_entry_ids: string[];
  recorded_at: Date;
  /** STOP and START replies: when the carrier received the reply (their order); null otherwise. */
  reply_received_at?: Date | null;
}

export interface ConsentEntryRow extends Omit<NewConsentEntry, 'recorded_at' | 'reply_received_at'> {
  position: string;
  recorded_at: Date | string;
  reply_received_at: Date | string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toConsentEntry(row: ConsentEntryRow): consentV1.ConsentEntry {
  return {
    entryId: row.entry_id,
    action: row.action,
    channelType: row.channel_type,
    scope: row.scope,
    source: row.source,
    actor: row.actor ?? undefined,
    reason: row.reason ?? undefined,
    consentMethod: row.consent_method ?? undefined,
    consentEvidence: row.consent_evidence ?? undefined,
    recordedAt: iso(row.recorded_at),
    subaccountId: row.subaccount_id ?? undefined,
    receivingNumber: row.receiving_number ?? undefined,
  };
}
