import type { consentV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { ConsentDeps } from './consent-deps';
import { createOptInRecord } from './opt-in-records/create-opt-in-record.usecase';
import { listOptInRecords } from './opt-in-records/list-opt-in-records.usecase';
import { resubscribeRecipient } from './opt-in/resubscribe-recipient.usecase';
import { listOptOuts } from './opt-outs/list-opt-outs.usecase';
import { recordOptOut } from './opt-outs/record-opt-out.usecase';
import { getPreferences } from './preferences/get-preferences.usecase';
import { checkSendPermission } from './send-permission/check-send-permission.usecase';

/** The ConsentService gRPC handlers. */
export function consentHandlers(deps: ConsentDeps): AsyncHandlers<typeof consentV1.ConsentServiceService> {
  return {
    checkSendPermission: (request, ctx) => checkSendPermission(deps.db, requirePrincipal(ctx), request),
    recordOptOut: (request, ctx) => recordOptOut(deps, requirePrincipal(ctx), request),
    optIn: (request, ctx) => resubscribeRecipient(deps, requirePrincipal(ctx), request),
    listOptOuts: (request, ctx) => listOptOuts(deps.db, requirePrincipal(ctx), request),
    getPreferences: (request, ctx) => getPreferences(deps.db, requirePrincipal(ctx), request),
    createOptInRecord: (request, ctx) => createOptInRecord(deps, requirePrincipal(ctx), request),
    listOptInRecords: (request, ctx) => listOptInRecords(deps.db, requirePrincipal(ctx), request),
  };
}
