import type { consentV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { ConsentDeps } from './consent-deps';
import { exportOptInRecords } from './exports/export-opt-in-records.usecase';
import { exportOptOuts } from './exports/export-opt-outs.usecase';
import { importOptInRecords } from './imports/import-opt-in-records.usecase';
import { importOptOuts } from './imports/import-opt-outs.usecase';
import { createOptInRecord } from './opt-in-records/create-opt-in-record.usecase';
import { listOptInRecords } from './opt-in-records/list-opt-in-records.usecase';
import { resubscribeRecipient } from './opt-in/resubscribe-recipient.usecase';
import { listOptOuts } from './opt-outs/list-opt-outs.usecase';
import { recordOptOut } from './opt-outs/record-opt-out.usecase';
import { getPreferences } from './preferences/get-preferences.usecase';
import { checkSendPermission, checkSendPermissions } from './send-permission/check-send-permission.usecase';

/** The ConsentService gRPC handlers. */
export function consentHandlers(deps: ConsentDeps): AsyncHandlers<typeof consentV1.ConsentServiceService> {
  return {
    checkSendPermission: (request, ctx) => checkSendPermission(deps.db, requirePrincipal(ctx), request),
    checkSendPermissions: (request, ctx) => checkSendPermissions(deps.db, requirePrincipal(ctx), request.requests),
    recordOptOut: (request, ctx) => recordOptOut(deps, requirePrincipal(ctx), request),
    optIn: (request, ctx) => resubscribeRecipient(deps, requirePrincipal(ctx), request),
    listOptOuts: (request, ctx) => listOptOuts(deps, requirePrincipal(ctx), request),
    getPreferences: (request, ctx) => getPreferences(deps, requirePrincipal(ctx), request),
    createOptInRecord: (request, ctx) => createOptInRecord(deps, requirePrincipal(ctx), request),
    listOptInRecords: (request, ctx) => listOptInRecords(deps, requirePrincipal(ctx), request),
    importOptOuts: (request, ctx) => importOptOuts(deps, requirePrincipal(ctx), request),
    exportOptOuts: (request, ctx) => exportOptOuts(deps, requirePrincipal(ctx), request),
    importOptInRecords: (request, ctx) => importOptInRecords(deps, requirePrincipal(ctx), request),
    exportOptInRecords: (request, ctx) => exportOptInRecords(deps, requirePrincipal(ctx), request),
  };
}
