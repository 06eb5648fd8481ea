import type { ChannelType } from '../messages/messages.models';

/**
 * A recipient: E.164 for Sms and WhatsApp, an email address for Email.
 * @maxLength 320
 */
export type Recipient = string;

/** How a re-subscribed recipient gave consent again. */
export type ConsentMethod = 'WebForm' | 'Written' | 'Verbal' | 'Text' | 'Other';

/** Where an opt-out recorded on an account route applies (spec 4.7 rule 1). */
export type AccountOptOutScope = 'accountLevelOnly' | 'entireAccount';

/**
 * Where an opt-out in force applies: recorded on a subaccount route, on an account route (`accountLevelOnly`,
 * `entireAccount`), or by a STOP reply. Spelled out (not a union with AccountOptOutScope) so one enum is published.
 */
export type OptOutScope = 'subaccount' | 'accountLevelOnly' | 'entireAccount' | 'stopReply';

/** Who recorded an opt-out; only `customer` and `import` ones can be lifted by re-subscribing. */
export type OptOutSource = 'customer' | 'import' | 'stop_reply' | 'support';

/** What a consent ledger entry did: recorded an opt-out, re-subscribed (lifting opt-outs), or stored consent evidence. */
export type ConsentEntryAction = 'opted_out' | 'resubscribed' | 'evidence_recorded';

/** Who or what made a consent ledger entry. */
export type ConsentEntrySource = 'customer' | 'import' | 'stop_reply' | 'start_reply' | 'support';

/** The channel of a consent ledger entry; `*` for a change to every channel of the address (STOP, START, evidence). */
export type ConsentEntryChannel = 'Sms' | 'WhatsApp' | 'Email' | '*';

/** An opt-out to record (spec 2.7). */
export interface RecordOptOutRequest {
  recipient: Recipient;
  channelType: ChannelType;
  /**
   * Why, for your records (at most 500 characters).
   * @maxLength 500
   */
  reason?: string;
  /**
   * Account routes only, and required there: `accountLevelOnly` (sending without a subaccount) or `entireAccount`
   * (the account and every subaccount). Missing: 400 `RECIPIENT_OPT_OUT_SCOPE_REQUIRED`.
   */
  scope?: AccountOptOutScope;
}

/** A re-subscription with the recipient's renewed consent (spec 4.7). */
export interface OptInRequest {
  recipient: Recipient;
  channelType: ChannelType;
  /** Must be true: you confirm the recipient gave consent again. */
  consentConfirmed: boolean;
  consentMethod: ConsentMethod;
  /**
   * What shows the consent (a form submission id, a note of the call...); kept in the audit log before the opt-out is lifted (at most 2000 characters).
   * @maxLength 2000
   */
  consentEvidence: string;
  /**
   * Account routes: which opt-out to lift; by default every account-level one of this recipient and channel.
   */
  scope?: AccountOptOutScope;
}

/** An opt-out in force (spec 2.7). */
export interface OptOutResource {
  optOutId: string;
  recipient: string;
  channelType: ChannelType;
  scope: OptOutScope;
  subaccountId: string | null;
  /** `stopReply`: the number the STOP arrived on. */
  receivingNumber: string | null;
  source: OptOutSource;
  reason: string | null;
  createdAt: string;
  /** The consent ledger entry that recorded it. */
  entryId: string;
}

/** A page of opt-outs in force. */
export interface OptOutList {
  /** Newest first. */
  items: OptOutResource[];
  nextCursor: string | null;
}

/** The outcome of a re-subscription. */
export interface OptInResult {
  /** The opt-outs lifted. */
  lifted: OptOutResource[];
  /** True while another opt-out still blocks the recipient on this channel. */
  stillSuppressed: boolean;
  /** The ledger entry holding the evidence (written before the lift). */
  entryId: string;
}

/** One entry of the append-only consent ledger. */
export interface ConsentEntryResource {
  entryId: string;
  action: ConsentEntryAction;
  channelType: ConsentEntryChannel;
  scope: OptOutScope;
  source: ConsentEntrySource;
  actor: string | null;
  reason: string | null;
  consentMethod: string | null;
  consentEvidence: string | null;
  recordedAt: string;
  subaccountId: string | null;
  receivingNumber: string | null;
}

/** A recipient's consent on one channel. */
export interface ChannelPreferenceResource {
  channelType: ChannelType;
  /** For sending through this route's base. */
  status: 'opted_in' | 'opted_out';
  blockedBy: OptOutResource[];
  /** The ledger entry that decided the status; null when nothing was ever recorded. */
  decidedBy: ConsentEntryResource | null;
}

/** A recipient's consent on every channel. */
export interface RecipientPreferencesResource {
  recipient: string;
  channels: ChannelPreferenceResource[];
}

/** Consent evidence (spec 2.7), in snake_case as the spec names it. */
export interface OptInRecordRequest {
  /**
   * E.164.
   * @maxLength 64
   */
  phone_number: string;
  /**
   * When the recipient consented: UTC ISO-8601, not in the future.
   * @maxLength 64
   */
  opted_in_at: string;
  // Consent's MAX_METHOD_LENGTH (opt-in-records/evidence-fields.rules.ts), the limit of CSV imports too.
  /**
   * How (e.g. `WebForm`, `Keyword`, `Paper`).
   * @maxLength 100
   */
  method: string;
  /**
   * Where (a page, a store).
   * @maxLength 500
   */
  source?: string;
  /**
   * The consent wording's language (e.g. `en-US`).
   * @maxLength 35
   */
  consent_language?: string;
}

/** Stored consent evidence (spec 2.7). */
export interface OptInRecordResource {
  record_id: string;
  subaccount_id: string | null;
  phone_number: string;
  opted_in_at: string;
  method: string;
  source: string | null;
  consent_language: string | null;
  created_at: string;
}

/** A page of consent evidence. */
export interface OptInRecordList {
  /** Newest first. */
  items: OptInRecordResource[];
  nextCursor: string | null;
}

/** One input row's outcome: `created`, `already_exists`, `duplicate_in_file` or `invalid` (with why). */
export interface ImportRowResultResource {
  /** 1-based data row (the header is not counted). */
  row: number;
  result: 'created' | 'already_exists' | 'duplicate_in_file' | 'invalid';
  errors: string[];
}

/** The answer to an import: one result per input row, the counts, and the file's SHA-256. */
export interface ImportResultResource {
  sha256: string;
  created: number;
  alreadyExists: number;
  duplicateInFile: number;
  invalid: number;
  rows: ImportRowResultResource[];
}
