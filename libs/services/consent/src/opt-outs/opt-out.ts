import type { consentV1 } from '@mp/contracts';

/**
 * Where an opt-out applies (spec 2.7, 4.7): recorded on a subaccount route
 * (`subaccount`), on an account route (`accountLevelOnly`, `entireAccount`),
 * or by a STOP reply to one of the account's numbers (`stopReply`).
 */
export const OPT_OUT_SCOPES = ['subaccount', 'accountLevelOnly', 'entireAccount', 'stopReply'] as const;
export type OptOutScope = (typeof OPT_OUT_SCOPES)[number];

/** The scopes an account route records or lifts (spec 4.7 rule 1). */
export const ACCOUNT_SCOPES = ['accountLevelOnly', 'entireAccount'] as const;
export type AccountScope = (typeof ACCOUNT_SCOPES)[number];

/** The channels consent knows, in the order preferences list them. */
export const CHANNELS = ['Sms', 'WhatsApp', 'Email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** One opt-out as the blocking rule sees it. */
export interface OptOut {
  accountId: string;
  /** Set for `subaccount`; for `stopReply`, the subaccount the STOP reply belonged to (null: the account's). */
  subaccountId: string | null;
  recipient: string;
  channelType: string;
  scope: OptOutScope;
  /** The number a STOP reply arrived on (`stopReply` only). */
  receivingNumber: string | null;
}

/** Who recorded an opt-out; only the customer's own (`customer`, `import`) can be lifted by re-subscribing. */
export type OptOutSource = 'customer' | 'import' | 'stop_reply' | 'support';
export const LIFTABLE_SOURCES: readonly string[] = ['customer', 'import'];

/** A row of `opt_outs`: the projection of one opt-out in force. */
export interface OptOutRow {
  id: string;
  account_id: string;
  subaccount_id: string | null;
  recipient: string;
  channel_type: string;
  scope: OptOutScope;
  receiving_number: string | null;
  source: string;
  reason: string | null;
  created_at: Date | string;
  /** The ledger entry that recorded it. */
  entry_id: string;
}

/** An opt-out in force with what the answers and the ledger need besides its placement. */
export interface OptOutInForce extends OptOut {
  id: string;
  entryId: string;
  source: string;
  reason: string | null;
  createdAt: string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toOptOut(row: OptOutRow): OptOutInForce {
  return {
    id: row.id,
    accountId: row.account_id,
    subaccountId: row.subaccount_id,
    recipient: row.recipient,
    channelType: row.channel_type,
    scope: row.scope,
    receivingNumber: row.receiving_number,
    entryId: row.entry_id,
    source: row.source,
    reason: row.reason,
    createdAt: iso(row.created_at),
  };
}

/** The opt-out as ConsentService answers it. */
export function toOptOutMessage(o: OptOutInForce): consentV1.OptOut {
  return {
    optOutId: o.id,
    accountId: o.accountId,
    subaccountId: o.subaccountId ?? undefined,
    recipient: o.recipient,
    channelType: o.channelType,
    scope: o.scope,
    receivingNumber: o.receivingNumber ?? undefined,
    source: o.source,
    reason: o.reason ?? undefined,
    createdAt: o.createdAt,
    entryId: o.entryId,
  };
}

/** Addresses compare as stored canonically: trimmed, e-mail addresses in lower case. */
export function canonicalAddress(address: string): string {
  const trimmed = address.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

/** The channels an address is reached on: Email for an e-mail address, Sms and WhatsApp for a number. */
export function channelsOfAddress(address: string): Channel[] {
  return address.includes('@') ? ['Email'] : ['Sms', 'WhatsApp'];
}
