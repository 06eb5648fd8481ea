import { isUuid, assertOwnAccount, assertRight, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

export { isUuid, assertOwnAccount, assertRight };

/**
 * Which subaccount a list may cover. A caller limited to a subaccount reaches
 * only that one: the account-wide list and other subaccounts are NOT_FOUND.
 */
export function resolveSubaccountScope(principal: Principal, subaccountId: string | undefined): string | undefined {
  if (principal.subaccountId) {
    if (subaccountId === undefined) {
      throw new DomainError('NOT_FOUND', 'The account-wide list is not available to an API key or user scoped to a subaccount.');
    }
    if (subaccountId !== principal.subaccountId) throw DomainError.notFound('Subaccount');
  }
  if (subaccountId !== undefined && !isUuid(subaccountId)) throw DomainError.notFound('Subaccount');
  return subaccountId;
}
