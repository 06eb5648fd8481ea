import type { messagingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { isUuid } from '../messages/ids';
import { present } from './recipient';

/**
 * Whose message this is: the account must be the caller's, and the
 * subaccount is the route's (subaccount route) or the body's (account route).
 * A caller limited to a subaccount sends only through it. Anything else is
 * NOT_FOUND, never FORBIDDEN (reachAccount).
 */
export function sendingSubaccount(principal: Principal, request: messagingV1.SendMessageRequest): string | undefined {
  const subaccountId = present(request.subaccountId);
  const what = request.subaccountRoute ? 'Subaccount' : 'Account';
  if (request.subaccountRoute && !isUuid(subaccountId)) {
    reachAccount(principal, { accountId: request.accountId });
    throw DomainError.notFound('Subaccount');
  }
  // A malformed body subaccountId is the validator's 400, not a question of reach.
  const named = isUuid(subaccountId) ? subaccountId : undefined;
  reachAccount(principal, { accountId: request.accountId, subaccountId: named, accountWide: true, what });
  return subaccountId;
}
