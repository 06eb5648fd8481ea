import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { actorOf } from '../access/consent-reach.rules';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { sha256Hex } from '../csv/file-digest';
import { checkImportFile } from '../csv/import-file.rules';
import { appendEntries } from '../ledger/consent-entries.repository';
import { EVERY_CHANNEL, type NewConsentEntry } from '../ledger/consent-entry';
import { evidenceText, type OptInRecordRow } from '../opt-in-records/opt-in-record';
import { findStoredRecordKeys, insertOptInRecordsOnce } from '../opt-in-records/opt-in-records.repository';
import { importResult } from './import-result';
import { inImportTransaction, StoredMeanwhile } from './import-transaction';

const keyOf = (phoneNumber: string, optedInAt: Date, method: string) => `${phoneNumber} ${optedInAt.toISOString()} ${method}`;

/**
 * POST .../recipient-consent/opt-in-records/import (spec 2.7, 4.7 rules 5
 * and 7), with the rights of storing one record. A file that cannot be
 * imported at all is CONSENT_IMPORT_INVALID and stores nothing. In one
 * transaction, set-based, each valid row not yet stored for the route's base
 * (same number, moment and method) becomes a record and its
 * `evidence_recorded` ledger entry (source `import`): `created`; one stored
 * already is `already_exists`. Evidence never lifts an opt-out, and an import
 * enqueues no event.
 */
export async function importOptInRecords(deps: ConsentDeps, principal: Principal, request: consentV1.ImportOptInRecordsRequest): Promise<consentV1.ImportResult> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'change');
  const now = deps.clock.now();
  const outcomes = checkImportFile(request.file, 'opt-in-records', now);
  const valid = outcomes.flatMap((o) => (o.outcome === 'valid' ? [{ row: o.row, ...o.value }] : []));
  const actor = actorOf(principal);
  const created =
    valid.length === 0
      ? new Set<number>()
      : await inImportTransaction(deps.db, async (trx) => {
          const stored = await findStoredRecordKeys(
            trx,
            base.accountId,
            base.subaccountId,
            valid.map((v) => ({ phone_number: v.phoneNumber, opted_in_at: v.optedInAt, method: v.method })),
          );
          const present = new Set(stored.map((k) => keyOf(k.phone_number, k.opted_in_at, k.method)));
          const fresh = valid.filter((v) => !present.has(keyOf(v.phoneNumber, v.optedInAt, v.method)));
          const entries = fresh.map(
            (v): NewConsentEntry => ({
              entry_id: randomUUID(),
              account_id: base.accountId,
              subaccount_id: base.subaccountId,
              recipient: v.phoneNumber,
              channel_type: EVERY_CHANNEL,
              action: 'evidence_recorded',
              // The reach of the route it was imported through, as for one record.
              scope: base.subaccountRoute ? 'subaccount' : 'entireAccount',
              source: 'import',
              actor,
              reason: null,
              consent_method: v.method,
              consent_evidence: evidenceText(v),
              receiving_number: null,
              lifted_entry_ids: [],
              recorded_at: now,
            }),
          );
          const records = fresh.map(
            (v, i): OptInRecordRow => ({
              record_id: randomUUID(),
              account_id: base.accountId,
              subaccount_id: base.subaccountId,
              phone_number: v.phoneNumber,
              opted_in_at: v.optedInAt,
              method: v.method,
              source: v.source,
              consent_language: v.consentLanguage,
              created_at: now,
              entry_id: entries[i].entry_id,
            }),
          );
          await appendEntries(trx, entries);
          if ((await insertOptInRecordsOnce(trx, records)) !== records.length) throw new StoredMeanwhile();
          return new Set(fresh.map((v) => v.row));
        });
  return importResult(sha256Hex(request.file), outcomes, created);
}
