/**
 * Where an opt-out applies (spec 2.7, 4.7): recorded on a subaccount route
 * (`subaccount`), on an account route (`accountLevelOnly`, `entireAccount`),
 * or by a STOP reply to one of the account's numbers (`stopReply`).
 */
export const OPT_OUT_SCOPES = ['subaccount', 'accountLevelOnly', 'entireAccount', 'stopReply'] as const;
export type OptOutScope = (typeof OPT_OUT_SCOPES)[number];

/** One opt-out as the blocking rule sees it. */
export interface OptOut {
  accountId: string;
  /** Set for `subaccount`; for `stopReply`, the subaccount owning the receiving number (null: the account's). */
  subaccountId: string | null;
  recipient: string;
  channelType: string;
  scope: OptOutScope;
  /** The number a STOP reply arrived on (`stopReply` only). */
  receivingNumber: string | null;
}

/** A row of `opt_outs`. */
export interface OptOutRow {
  id: string;
  account_id: string;
  subaccount_id: string | null;
  recipient: string;
  channel_type: string;
  scope: OptOutScope;
  receiving_number: string | null;
  /** Who recorded it: `customer`, `import`, `stop_reply`, `support` (decides whether it can be lifted). */
  source: string;
  reason: string | null;
  created_at: Date | string;
}

export function toOptOut(row: OptOutRow): OptOut {
  return {
    accountId: row.account_id,
    subaccountId: row.subaccount_id,
    recipient: row.recipient,
    channelType: row.channel_type,
    scope: row.scope,
    receivingNumber: row.receiving_number,
  };
}

/** Addresses compare as stored canonically: trimmed, e-mail addresses in lower case. */
export function canonicalAddress(address: string): string {
  const trimmed = address.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}
