import { reachAccount, type Principal, type Reach } from '@mp/grpc';
import { DomainError } from '@mp/problems';

/** Reading routing settings (policy, pools, a route preview) or changing them (policy, numbers, pools). */
export type RoutingNeed = 'read' | 'change';

export const MANAGE_ROUTING = 'ManageRouting';
export const READ_ROUTING_RIGHTS = ['ReadMessages', MANAGE_ROUTING] as const;
const CHANGING_ROLES: readonly string[] = ['Admin', 'Manager'];

/**
 * The one access rule of the customer routing routes (spec 5.6, DECISIONS
 * Accounts). Reach first, so whatever is out of reach is 404 whatever the
 * caller's rights: another account, a subaccount a limited caller is not
 * limited to. Then, on the caller's own account (403 FORBIDDEN): reading
 * takes any user role or a key with ReadMessages or ManageRouting; changing
 * takes an Admin or Manager, or a key with ManageRouting. Services (e.g.
 * messaging's dispatch) and staff reach every account.
 */
export function reachRouting(principal: Principal, request: { accountId: string; subaccountId?: string; need: RoutingNeed; what?: 'Subaccount' }): Reach {
  const reach = reachAccount(principal, { accountId: request.accountId, subaccountId: request.subaccountId, what: request.what });
  assertRoutingRights(principal, request.need);
  return reach;
}

function assertRoutingRights(principal: Principal, need: RoutingNeed): void {
  if (principal.kind === 'api_key') {
    const rights = principal.rights ?? [];
    const allowed = need === 'read' ? READ_ROUTING_RIGHTS.some((r) => rights.includes(r)) : rights.includes(MANAGE_ROUTING);
    if (!allowed) {
      const named = need === 'read' ? READ_ROUTING_RIGHTS.join(' or ') : MANAGE_ROUTING;
      throw new DomainError('FORBIDDEN', `The API key lacks the ${named} right.`);
    }
    return;
  }
  if (principal.kind === 'user' && need === 'change' && !CHANGING_ROLES.includes(principal.role ?? '')) {
    throw new DomainError('FORBIDDEN', 'Changing routing needs the Admin or Manager role.');
  }
}

/** Customers: whether the caller is held to its own account (services and staff are not). */
export const isCustomer = (principal: Principal): boolean => principal.kind === 'user' || principal.kind === 'api_key';
