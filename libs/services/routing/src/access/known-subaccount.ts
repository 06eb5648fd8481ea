import type { Principal } from '@mp/grpc';
import type { RoutingClients } from '../routing-deps';
import { isCustomer } from './routing-reach.rules';

/**
 * A customer naming a subaccount: identity confirms it is one of the
 * caller's account's (asked as the caller; another account's or an unknown
 * one is identity's NOT_FOUND "Subaccount not found.", passed on). Services
 * (messaging's dispatch) are trusted with the subaccount of their message and
 * not asked about, so the send path costs no identity call.
 */
export async function confirmSubaccount(clients: RoutingClients, principal: Principal, accountId: string, subaccountId: string | undefined): Promise<void> {
  if (subaccountId === undefined || !isCustomer(principal)) return;
  await clients.identity.getSendingStanding({ accountId, subaccountId }, { principal });
}
