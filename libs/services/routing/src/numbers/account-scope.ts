import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

/**
 * Which subaccount a caller may look at within `accountId`: another account,
 * or another subaccount than the one a caller is limited to, is NOT_FOUND
 * (never FORBIDDEN: it must not reveal that it exists).
 */
export function scopeOf(principal: Principal | undefined, accountId: string, subaccountId: string | undefined): string | undefined {
  if (!principal) return subaccountId;
  if (principal.accountId !== accountId) throw DomainError.notFound('Account');
  if (principal.subaccountId !== undefined) {
    if (subaccountId !== undefined && subaccountId !== principal.subaccountId) throw DomainError.notFound('Subaccount');
    return principal.subaccountId;
  }
  return subaccountId;
}
