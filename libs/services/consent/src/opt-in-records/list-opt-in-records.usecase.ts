import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { throwIfInvalid, type FieldErrors } from '@mp/paging';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { encodeListCursor, listIdentity, readListPage } from '../lists/list-cursor';
import { toOptInRecord } from './opt-in-record';
import { readPhoneNumberFilter } from './opt-in-record-request.rules';
import { pageOptInRecords } from './opt-in-records.repository';

/**
 * GET .../recipient-consent/opt-in-records: evidence newest first, keyset-paged;
 * a subaccount route lists that subaccount's records, an account route the
 * whole account's. Optional filter phone_number.
 */
export async function listOptInRecords(deps: Pick<ConsentDeps, 'db' | 'clients'>, principal: Principal, request: consentV1.ListOptInRecordsRequest): Promise<consentV1.ListOptInRecordsResponse> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'read');
  const errors: FieldErrors = {};
  const phoneNumber = readPhoneNumberFilter(errors, request.phoneNumber);
  const identity = listIdentity('opt-in-records', [base.accountId, base.subaccountId, phoneNumber]);
  const page = readListPage(errors, identity, request);
  throwIfInvalid(errors);
  const rows = await pageOptInRecords(deps.db, { accountId: base.accountId, subaccountId: base.subaccountId, phoneNumber, after: page.after, limit: page.pageSize + 1 });
  const items = rows.slice(0, page.pageSize);
  const last = items[items.length - 1];
  return {
    items: items.map(toOptInRecord),
    nextCursor: rows.length > page.pageSize && last ? encodeListCursor(identity, { at: last.cursor_created_at, id: last.record_id }) : undefined,
  };
}
