import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { assertSameAccount } from '../messages/message-access';
import { isUuid } from '../messages/ids';

/**
 * Whose charges a billing read covers: the caller's account, narrowed to the
 * subaccount the caller is limited to, or to the one asked for. Another
 * account, or another subaccount than the caller's own: 404.
 */
export function billingScope(principal: Principal, request: { accountId: string; subaccountId?: string }): { accountId: string; subaccountId?: string } {
  assertSameAccount(principal, request.accountId, 'Account');
  const requested = request.subaccountId === undefined || request.subaccountId === '' ? undefined : request.subaccountId;
  if (requested !== undefined && !isUuid(requested)) {
    throw DomainError.validation({ subaccountId: ['must be a UUID'] });
  }
  if (principal.subaccountId !== undefined && requested !== undefined && requested !== principal.subaccountId) {
    throw DomainError.notFound('Subaccount');
  }
  return { accountId: request.accountId, subaccountId: requested ?? principal.subaccountId };
}
