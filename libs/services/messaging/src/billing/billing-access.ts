import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { isUuid } from '../messages/ids';

/**
 * Whose charges a billing read covers (reachAccount): the caller's account,
 * narrowed to the subaccount asked for or the one the caller is limited to.
 * The `subaccountId` filter is a query value, so a malformed one is a 400.
 */
export function billingScope(principal: Principal, request: { accountId: string; subaccountId?: string }): { accountId: string; subaccountId?: string } {
  reachAccount(principal, { accountId: request.accountId });
  if (request.subaccountId && !isUuid(request.subaccountId)) throw DomainError.validation({ subaccountId: ['must be a UUID'] });
  return reachAccount(principal, { accountId: request.accountId, subaccountId: request.subaccountId });
}
