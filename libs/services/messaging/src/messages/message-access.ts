import { DomainError } from '@mp/problems';
import type { Principal } from '@mp/grpc';

/**
 * Authorisation against the gateway's principal. Everything outside the
 * caller's reach is NOT_FOUND, never FORBIDDEN, so existence never leaks.
 */
export function assertSameAccount(principal: Principal, accountId: string, what: string): void {
  if (principal.accountId !== accountId) throw DomainError.notFound(what);
}

/**
 * The subaccount a read is limited to: the route's, else the one the caller
 * is limited to. A limited caller asking about another subaccount gets 404.
 */
export function readScope(principal: Principal, requested: string | undefined, what: string): string | undefined {
  if (principal.subaccountId !== undefined && requested !== undefined && requested !== principal.subaccountId) {
    throw DomainError.notFound(what);
  }
  return requested ?? principal.subaccountId;
}
