import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { actorOf, reachConsentRoute } from '../access/consent-reach.rules';
import type { ConsentDeps } from '../consent-deps';
import { appendEntry } from '../ledger/consent-entries.repository';
import { EVERY_CHANNEL } from '../ledger/consent-entry';
import { channelsOfAddress } from '../opt-outs/opt-out';
import { decideSend } from '../send-permission/send-decision';
import { toOptInRecord, type OptInRecordRow } from './opt-in-record';
import { insertOptInRecord } from './opt-in-records.repository';
import { readEvidence, type EvidenceToStore } from './opt-in-record-request.rules';

/** The evidence as its ledger entry tells it. */
const evidenceText = (e: EvidenceToStore) =>
  [`opted in at ${e.optedInAt.toISOString()}`, e.source && `source: ${e.source}`, e.consentLanguage && `language: ${e.consentLanguage}`]
    .filter(Boolean)
    .join('; ');

/**
 * POST .../recipient-consent/opt-in-records (spec 2.7, 4.7 rule 7): the
 * record and its `evidence_recorded` ledger entry, in one transaction. It
 * never lifts an opt-out; still_opted_out tells whether one of that number
 * (Sms or WhatsApp) still blocks sending through the route's base, for the
 * gateway's X-Consent-Warning.
 */
export async function createOptInRecord(deps: ConsentDeps, principal: Principal, request: consentV1.CreateOptInRecordRequest): Promise<consentV1.OptInRecordCreated> {
  const base = reachConsentRoute(principal, request.route, 'change');
  const now = deps.clock.now();
  const evidence = readEvidence(request, now);
  const row: OptInRecordRow = {
    record_id: randomUUID(),
    account_id: base.accountId,
    subaccount_id: base.subaccountId,
    phone_number: evidence.phoneNumber,
    opted_in_at: evidence.optedInAt,
    method: evidence.method,
    source: evidence.source,
    consent_language: evidence.consentLanguage,
    created_at: now,
    entry_id: randomUUID(),
  };
  return deps.db.transaction(async (trx) => {
    await appendEntry(trx, {
      entry_id: row.entry_id,
      account_id: base.accountId,
      subaccount_id: base.subaccountId,
      recipient: evidence.phoneNumber,
      channel_type: EVERY_CHANNEL,
      action: 'evidence_recorded',
      // The reach of the route it was stored through.
      scope: base.subaccountRoute ? 'subaccount' : 'entireAccount',
      source: 'customer',
      actor: actorOf(principal),
      reason: null,
      consent_method: evidence.method,
      consent_evidence: evidenceText(evidence),
      receiving_number: null,
      lifted_entry_ids: [],
      recorded_at: now,
    });
    await insertOptInRecord(trx, row);
    let stillOptedOut = false;
    for (const channelType of channelsOfAddress(evidence.phoneNumber)) {
      const decision = await decideSend(trx, { accountId: base.accountId, subaccountId: base.subaccountId, channelType, recipient: evidence.phoneNumber });
      stillOptedOut ||= decision.blocking !== undefined;
    }
    return { record: toOptInRecord(row), stillOptedOut };
  });
}
