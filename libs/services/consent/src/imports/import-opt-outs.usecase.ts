import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { actorOf } from '../access/consent-reach.rules';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { sha256Hex } from '../csv/file-digest';
import { checkImportFile } from '../csv/import-file.rules';
import { OPT_OUTS_UNIQUE } from '../opt-outs/opt-outs.repository';
import { importResult } from './import-result';
import { readImportScope } from './import-scope.rules';
import { inImportTransaction } from './import-transaction';
import { insertImportedOptOuts, type ImportedOptOut } from './import-writes.repository';

/**
 * POST .../recipient-consent/opt-outs/import (spec 4.7 rule 5), with the
 * rights of recording an opt-out. Every opt-out of the file gets the route's
 * placement: the subaccount on a subaccount route, account-level with the
 * query scope on an account route. A file that cannot be imported at all is
 * CONSENT_IMPORT_INVALID and stores nothing. In one transaction and one
 * statement, each valid row not yet in force at that placement becomes an
 * `opted_out` ledger entry (source `import`) and the projection row naming
 * it: `created`; one in force already is `already_exists`, so repeating a
 * file changes nothing. Imports only add: they lift nothing and enqueue no
 * consent event.
 */
export async function importOptOuts(deps: ConsentDeps, principal: Principal, request: consentV1.ImportOptOutsRequest): Promise<consentV1.ImportResult> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'change');
  const scope = readImportScope(request, base);
  const now = deps.clock.now();
  const outcomes = checkImportFile(request.file, 'opt-outs', now);
  const rows = outcomes.flatMap((o): ImportedOptOut[] =>
    o.outcome === 'valid'
      ? [{ n: o.row, recipient: o.value.recipient, channel_type: o.value.channel, reason: o.value.reason }]
      : [],
  );
  const write = {
    account_id: base.accountId,
    subaccount_id: scope === 'subaccount' ? base.subaccountId : null,
    scope,
    actor: actorOf(principal),
    at: now,
  };
  const created = rows.length === 0 ? [] : await inImportTransaction(deps.db, OPT_OUTS_UNIQUE, (trx) => insertImportedOptOuts(trx, write, rows));
  return importResult(sha256Hex(request.file), outcomes, new Set(created));
}
