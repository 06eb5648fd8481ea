import { isUuid, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

export { isUuid };

/**
 * A call made for a customer (user or API key) reaches only that customer's
 * account, and a caller limited to a subaccount only that subaccount:
 * anything else is NOT_FOUND. Internal calls (no principal, or `system`, as
 * messaging's dispatch job makes them) are not limited.
 */
export function assertCustomerReach(principal: Principal | undefined, accountId: string, subaccountId: string | undefined): void {
  if (!principal || principal.kind === 'system') return;
  if (accountId !== principal.accountId) throw DomainError.notFound('Account');
  if (principal.subaccountId && subaccountId !== principal.subaccountId) throw DomainError.notFound('Subaccount');
}
