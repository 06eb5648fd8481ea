import type { consentV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { reachAccount, type Principal } from '@mp/grpc';

/** Reading consent (lists, preferences) or changing it (opt-out, re-subscribe, evidence). */
export type ConsentNeed = 'read' | 'change';

export const READ_RIGHTS = ['ReadRecipientConsent', 'ManageRecipientConsent'] as const;
export const MANAGE_RIGHT = 'ManageRecipientConsent';
const CHANGING_ROLES: readonly string[] = ['Admin', 'Manager'];

/** The base a consent route works on: one subaccount, or the account as a whole. */
export interface ConsentBase {
  accountId: string;
  /** The route's subaccount; null on an account route (account-level sending, the whole account's records). */
  subaccountId: string | null;
  subaccountRoute: boolean;
}

/**
 * The one access rule of every consent method (spec 4.7 rule 4, 5.6). Reach
 * first, so that a route the caller cannot reach is 404 whatever its rights:
 * a subaccount route reaches that subaccount only (a caller limited to
 * another one gets 404); an account route is account-wide (a caller limited
 * to a subaccount gets 404). Then rights, on the caller's own account (403
 * FORBIDDEN): reading needs any user role or a key with ReadRecipientConsent
 * or ManageRecipientConsent; changing needs an Admin or Manager, or a key
 * with ManageRecipientConsent.
 */
export function reachConsentRoute(principal: Principal, route: consentV1.ConsentRoute | undefined, need: ConsentNeed): ConsentBase {
  const accountId = route?.accountId ?? '';
  if (route?.subaccountRoute) {
    if (!route.subaccountId) throw DomainError.notFound('Subaccount');
    reachAccount(principal, { accountId, subaccountId: route.subaccountId, what: 'Subaccount' });
  } else {
    reachAccount(principal, { accountId, accountWide: true });
  }
  assertRights(principal, need);
  return { accountId, subaccountId: route?.subaccountRoute ? route.subaccountId! : null, subaccountRoute: route?.subaccountRoute ?? false };
}

function assertRights(principal: Principal, need: ConsentNeed): void {
  if (principal.kind === 'api_key') {
    const rights = principal.rights ?? [];
    const allowed = need === 'read' ? READ_RIGHTS.some((r) => rights.includes(r)) : rights.includes(MANAGE_RIGHT);
    if (!allowed) {
      const named = need === 'read' ? `${READ_RIGHTS[0]} or ${READ_RIGHTS[1]}` : MANAGE_RIGHT;
      throw new DomainError('FORBIDDEN', `The API key lacks the ${named} right.`);
    }
    return;
  }
  if (principal.kind === 'user' && need === 'change' && !CHANGING_ROLES.includes(principal.role ?? '')) {
    throw new DomainError('FORBIDDEN', 'Changing recipient consent needs the Admin or Manager role.');
  }
}

/** Who made a change, as the ledger records it: the user or the API key. */
export function actorOf(principal: Principal): string | null {
  return principal.userId ?? principal.apiKeyId ?? null;
}
