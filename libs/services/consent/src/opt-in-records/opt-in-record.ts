import type { consentV1 } from '@mp/contracts';

/** A row of `opt_in_records`: consent evidence (spec 2.7). */
export interface OptInRecordRow {
  record_id: string;
  account_id: string;
  subaccount_id: string | null;
  phone_number: string;
  opted_in_at: Date | string;
  method: string;
  source: string | null;
  consent_language: string | null;
  created_at: Date | string;
  /** Its `evidence_recorded` ledger entry. */
  entry_id: string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toOptInRecord(row: OptInRecordRow): consentV1.OptInRecord {
  return {
    recordId: row.record_id,
    accountId: row.account_id,
    subaccountId: row.subaccount_id ?? undefined,
    phoneNumber: row.phone_number,
    optedInAt: iso(row.opted_in_at),
    method: row.method,
    source: row.source ?? undefined,
    consentLanguage: row.consent_language ?? undefined,
    createdAt: iso(row.created_at),
  };
}

/** The evidence as its `evidence_recorded` ledger entry tells it. */
export function evidenceText(e: { optedInAt: Date; source: string | null; consentLanguage: string | null }): string {
  return [`opted in at ${e.optedInAt.toISOString()}`, e.source && `source: ${e.source}`, e.consentLanguage && `language: ${e.consentLanguage}`]
    .filter(Boolean)
    .join('; ');
}
