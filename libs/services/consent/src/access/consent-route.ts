import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { ConsentClients } from '../consent-clients';
import { reachConsentRoute, type ConsentBase, type ConsentNeed } from './consent-reach.rules';

/**
 * reachConsentRoute, then, on a subaccount route, identity confirms that the
 * subaccount is one of the caller's account (asked once per call, as the
 * caller: a subaccount that does not exist, or is another account's, is
 * identity's NOT_FOUND "Subaccount not found.", passed on as it is). Only for
 * the customer routes: never from the STOP/START consumer, whose subaccount
 * comes from the reply itself.
 */
export async function reachKnownConsentRoute(
  clients: ConsentClients,
  principal: Principal,
  route: consentV1.ConsentRoute | undefined,
  need: ConsentNeed,
): Promise<ConsentBase> {
  const base = reachConsentRoute(principal, route, need);
  if (base.subaccountId !== null) {
    await clients.identity.getSendingStanding({ accountId: base.accountId, subaccountId: base.subaccountId }, { principal });
  }
  return base;
}
