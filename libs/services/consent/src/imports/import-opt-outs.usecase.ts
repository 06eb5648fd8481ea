import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { actorOf } from '../access/consent-reach.rules';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { sha256Hex } from '../csv/file-digest';
import { checkImportFile } from '../csv/import-file.rules';
import { appendEntries } from '../ledger/consent-entries.repository';
import type { NewConsentEntry } from '../ledger/consent-entry';
import type { OptOutRow } from '../opt-outs/opt-out';
import { findInForceAt, insertOptOutsOnce, type ImportPlacement } from '../opt-outs/opt-outs.repository';
import { importResult } from './import-result';
import { readImportScope } from './import-scope.rules';
import { inImportTransaction, StoredMeanwhile } from './import-transaction';

const keyOf = (recipient: string, channel: string) => `${channel} ${recipient}`;

/**
 * POST .../recipient-consent/opt-outs/import (spec 4.7 rule 5), with the
 * rights of recording an opt-out. Every opt-out of the file gets the route's
 * placement: the subaccount on a subaccount route, account-level with the
 * query scope on an account route. A file that cannot be imported at all is
 * CONSENT_IMPORT_INVALID and stores nothing. In one transaction, set-based
 * (one query for what is already in force, multi-row inserts), each valid row
 * not yet in force at that placement becomes an `opted_out` ledger entry
 * (source `import`) and the projection row naming it: `created`; one in
 * force already is `already_exists`, so repeating a file changes nothing.
 * Imports only add: they lift nothing and enqueue no consent event.
 */
export async function importOptOuts(deps: ConsentDeps, principal: Principal, request: consentV1.ImportOptOutsRequest): Promise<consentV1.ImportResult> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'change');
  const scope = readImportScope(request, base);
  const now = deps.clock.now();
  const outcomes = checkImportFile(request.file, 'opt-outs', now);
  const placement: ImportPlacement = { account_id: base.accountId, subaccount_id: scope === 'subaccount' ? base.subaccountId : null, scope };
  const valid = outcomes.flatMap((o) => (o.outcome === 'valid' ? [{ row: o.row, ...o.value }] : []));
  const actor = actorOf(principal);
  const created =
    valid.length === 0
      ? new Set<number>()
      : await inImportTransaction(deps.db, async (trx) => {
          const inForce = await findInForceAt(
            trx,
            placement,
            valid.map((v) => ({ recipient: v.recipient, channel_type: v.channel })),
          );
          const present = new Set(inForce.map((o) => keyOf(o.recipient, o.channel_type)));
          const fresh = valid.filter((v) => !present.has(keyOf(v.recipient, v.channel)));
          const entries = fresh.map(
            (v): NewConsentEntry => ({
              entry_id: randomUUID(),
              account_id: placement.account_id,
              subaccount_id: placement.subaccount_id,
              recipient: v.recipient,
              channel_type: v.channel,
              action: 'opted_out',
              scope,
              source: 'import',
              actor,
              reason: v.reason,
              consent_method: null,
              consent_evidence: null,
              receiving_number: null,
              lifted_entry_ids: [],
              recorded_at: now,
            }),
          );
          const rows = fresh.map(
            (v, i): OptOutRow => ({
              id: randomUUID(),
              ...placement,
              recipient: v.recipient,
              channel_type: v.channel,
              receiving_number: null,
              source: 'import',
              reason: v.reason,
              created_at: now,
              entry_id: entries[i].entry_id,
            }),
          );
          await appendEntries(trx, entries);
          if ((await insertOptOutsOnce(trx, rows)) !== rows.length) throw new StoredMeanwhile();
          return new Set(fresh.map((v) => v.row));
        });
  return importResult(sha256Hex(request.file), outcomes, created);
}
