import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

/**
 * Roles (spec 5), on top of reachAccount (@mp/grpc), the one rule for which
 * account and subaccount a principal reaches.
 */
/** Operations that need a person (user token), not an API key. */
export function requireUser(principal: Principal): asserts principal is Principal & { kind: 'user'; userId: string } {
  if (principal.kind !== 'user' || !principal.userId) {
    throw new DomainError('FORBIDDEN', 'This operation needs a user access token, not an API key.');
  }
}

export function isManager(principal: Principal): boolean {
  return principal.kind === 'user' && (principal.role === 'Admin' || principal.role === 'Manager');
}

/** Account administration: Admin or Manager users. */
export function requireManager(principal: Principal): void {
  requireUser(principal);
  if (!isManager(principal)) throw new DomainError('FORBIDDEN', 'Only an Admin or a Manager may do this.');
}

/** A user or key limited to a subaccount reaches only that subaccount. */
export function canReachSubaccount(principal: Principal, subaccountId: string | null | undefined): boolean {
  return !principal.subaccountId || principal.subaccountId === subaccountId;
}
