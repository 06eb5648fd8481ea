import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import { actorOf, type ConsentBase } from '../access/consent-reach.rules';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { appendEntry } from '../ledger/consent-entries.repository';
import { EVERY_CHANNEL } from '../ledger/consent-entry';
import { channelsOfAddress } from '../opt-outs/opt-out';
import { decideSend } from '../send-permission/send-decision';
import { evidenceText, toOptInRecord, type OptInRecordRow } from './opt-in-record';
import { findSameRecord, insertOptInRecordOnce, type SameRecord } from './opt-in-records.repository';
import { readEvidence } from './opt-in-record-request.rules';

/** Thrown inside the transaction when another call stored the same record first: rolls the entry back. */
class StoredMeanwhile extends Error {}

/**
 * POST .../recipient-consent/opt-in-records (spec 2.7, 4.7 rule 7): the
 * record and its `evidence_recorded` ledger entry, in one transaction. It
 * never lifts an opt-out; still_opted_out tells whether one of that number
 * (Sms or WhatsApp) still blocks sending through the route's base, for the
 * gateway's X-Consent-Warning. The same record again (same number, moment
 * and method through the same base) writes nothing and answers the stored one.
 */
export async function createOptInRecord(deps: ConsentDeps, principal: Principal, request: consentV1.CreateOptInRecordRequest): Promise<consentV1.OptInRecordCreated> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'change');
  const now = deps.clock.now();
  const evidence = readEvidence(request, now);
  const same: SameRecord = {
    account_id: base.accountId,
    subaccount_id: base.subaccountId,
    phone_number: evidence.phoneNumber,
    opted_in_at: evidence.optedInAt,
    method: evidence.method,
  };
  const row: OptInRecordRow = {
    ...same,
    record_id: randomUUID(),
    source: evidence.source,
    consent_language: evidence.consentLanguage,
    created_at: now,
    entry_id: randomUUID(),
  };
  try {
    return await deps.db.transaction(async (trx) => {
      const stored = await findSameRecord(trx, same);
      if (stored) return answer(trx, base, stored);
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
      if (!(await insertOptInRecordOnce(trx, row))) throw new StoredMeanwhile();
      return answer(trx, base, row);
    });
  } catch (error) {
    if (!(error instanceof StoredMeanwhile)) throw error;
    const stored = await findSameRecord(deps.db, same);
    if (!stored) throw new Error('evidence record stored meanwhile is gone');
    return answer(deps.db, base, stored);
  }
}

async function answer(db: Knex, base: ConsentBase, row: OptInRecordRow): Promise<consentV1.OptInRecordCreated> {
  let stillOptedOut = false;
  for (const channelType of channelsOfAddress(row.phone_number)) {
    const decision = await decideSend(db, { accountId: base.accountId, subaccountId: base.subaccountId, channelType, recipient: row.phone_number });
    stillOptedOut ||= decision.blocking !== undefined;
  }
  return { record: toOptInRecord(row), stillOptedOut };
}
