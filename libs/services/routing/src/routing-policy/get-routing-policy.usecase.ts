import type { routingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { confirmSubaccount } from '../access/known-subaccount';
import { reachRouting } from '../access/routing-reach.rules';
import type { RoutingDeps } from '../routing-deps';
import { findPolicy } from './routing-policies.repository';
import { policyToProto } from './routing-policy.proto';


/**
 * A subaccount's routing policy, the defaults of spec 2.5 until it sets one.
 * Messaging asks as itself at every subaccount send (request and answer keep
 * their shape: fallback reads them); a customer reads with any user role or
 * a key with ReadMessages or ManageRouting, for a subaccount of its own
 * account (identity confirms it), else 404.
 */
export async function getRoutingPolicy(
  deps: Pick<RoutingDeps, 'db' | 'clients'>,
  principal: Principal,
  request: routingV1.GetRoutingPolicyRequest,
): Promise<routingV1.RoutingPolicy> {
  if (!request.subaccountId) throw DomainError.notFound('Subaccount');
  const { accountId, subaccountId } = reachRouting(principal, { accountId: request.accountId, subaccountId: request.subaccountId, need: 'read', what: 'Subaccount' });
  await confirmSubaccount(deps.clients, principal, accountId, subaccountId);
  return policyToProto(await findPolicy(deps.db, accountId, subaccountId!));
}
