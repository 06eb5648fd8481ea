import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { assertSameAccount } from '../messages/message-access';
import { isUuid } from '../messages/ids';
import { present } from './recipient';

/**
 * Whose message this is: the account must be the caller's, and the
 * subaccount is the route's (subaccount route) or the body's (account route).
 * A caller limited to a subaccount sends only through it. Anything else is
 * NOT_FOUND, never FORBIDDEN.
 */
export function sendingSubaccount(principal: Principal, request: messagingV1.SendMessageRequest): string | undefined {
  assertSameAccount(principal, request.accountId, 'Account');
  const subaccountId = present(request.subaccountId);
  if (request.subaccountRoute && (subaccountId === undefined || !isUuid(subaccountId))) {
    throw DomainError.notFound('Subaccount');
  }
  if (principal.subaccountId !== undefined && subaccountId !== principal.subaccountId) {
    throw DomainError.notFound(request.subaccountRoute ? 'Subaccount' : 'Account');
  }
  return subaccountId;
}
