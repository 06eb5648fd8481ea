import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { actorOf } from '../access/consent-reach.rules';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { sha256Hex } from '../csv/file-digest';
import { checkImportFile } from '../csv/import-file.rules';
import { evidenceText } from '../opt-in-records/opt-in-record';
import { SAME_RECORD_INDEX } from '../opt-in-records/opt-in-records.repository';
import { importResult } from './import-result';
import { inImportTransaction } from './import-transaction';
import { insertImportedOptInRecords, type ImportedOptInRecord } from './import-writes.repository';

/**
 * POST .../recipient-consent/opt-in-records/import (spec 2.7, 4.7 rules 5
 * and 7), with the rights of storing one record. A file that cannot be
 * imported at all is CONSENT_IMPORT_INVALID and stores nothing. In one
 * transaction and one statement, each valid row not yet stored for the
 * route's base (same number, moment and method) becomes a record and its
 * `evidence_recorded` ledger entry (source `import`): `created`; one stored
 * already is `already_exists`. Evidence never lifts an opt-out, and an import
 * enqueues no event.
 */
export async function importOptInRecords(deps: ConsentDeps, principal: Principal, request: consentV1.ImportOptInRecordsRequest): Promise<consentV1.ImportResult> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'change');
  const now = deps.clock.now();
  const outcomes = checkImportFile(request.file, 'opt-in-records', now);
  const rows = outcomes.flatMap((o): ImportedOptInRecord[] =>
    o.outcome === 'valid'
      ? [
          {
            n: o.row,
            phone_number: o.value.phoneNumber,
            opted_in_at: o.value.optedInAt,
            method: o.value.method,
            source: o.value.source,
            consent_language: o.value.consentLanguage,
            consent_evidence: evidenceText(o.value),
          },
        ]
      : [],
  );
  const write = {
    account_id: base.accountId,
    subaccount_id: base.subaccountId,
    // The reach of the route it was imported through, as for one record.
    scope: base.subaccountRoute ? ('subaccount' as const) : ('entireAccount' as const),
    actor: actorOf(principal),
    at: now,
  };
  const created = rows.length === 0 ? [] : await inImportTransaction(deps.db, SAME_RECORD_INDEX, (trx) => insertImportedOptInRecords(trx, write, rows));
  return importResult(sha256Hex(request.file), outcomes, new Set(created));
}
