import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { throwIfInvalid, type FieldErrors } from '@mp/paging';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { encodeListCursor, listIdentity, readListPage } from '../lists/list-cursor';
import { given, readChannel } from './consent-fields.rules';
import { canonicalAddress, toOptOut, toOptOutMessage } from './opt-out';
import { pageOptOuts } from './opt-outs.repository';

/**
 * GET .../recipient-consent/opt-outs: the opt-outs in force, newest first,
 * keyset-paged. A subaccount route lists those recorded for that subaccount
 * (its `subaccount` opt-outs and STOP replies); an account route the whole
 * account's. Optional filters: recipient, channelType.
 */
export async function listOptOuts(deps: Pick<ConsentDeps, 'db' | 'clients'>, principal: Principal, request: consentV1.ListOptOutsRequest): Promise<consentV1.ListOptOutsResponse> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'read');
  const errors: FieldErrors = {};
  const recipient = given(request.recipient) ? canonicalAddress(request.recipient) : undefined;
  const channelType = given(request.channelType) ? readChannel(errors, 'channelType', request.channelType) : undefined;
  const identity = listIdentity('opt-outs', [base.accountId, base.subaccountId, recipient, channelType]);
  const page = readListPage(errors, identity, request);
  throwIfInvalid(errors);
  const rows = await pageOptOuts(deps.db, { accountId: base.accountId, subaccountId: base.subaccountId, recipient, channelType, after: page.after, limit: page.pageSize + 1 });
  const items = rows.slice(0, page.pageSize);
  const last = items[items.length - 1];
  return {
    items: items.map((row) => toOptOutMessage(toOptOut(row))),
    nextCursor: rows.length > page.pageSize && last ? encodeListCursor(identity, { at: last.cursor_created_at, id: last.id }) : undefined,
  };
}
