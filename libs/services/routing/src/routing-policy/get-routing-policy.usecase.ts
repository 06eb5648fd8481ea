import type { routingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

/** spec 2.5: what a subaccount without a policy of its own routes by. */
export const DEFAULT_ROUTING_POLICY = {
  preferredChannelType: 'Sms',
  fallbackChain: [] as string[],
  isEnabled: false,
  receiptTimeoutSeconds: 0,
  fallbackOnDeliveryFailure: false,
};

/**
 * A subaccount's routing policy. Until policies can be set (PUT comes with
 * the routing issue), every subaccount routes by the defaults.
 */
export async function getRoutingPolicy(principal: Principal, request: routingV1.GetRoutingPolicyRequest): Promise<routingV1.RoutingPolicy> {
  if (!request.subaccountId) throw DomainError.notFound('Subaccount');
  const { accountId } = reachAccount(principal, { accountId: request.accountId, subaccountId: request.subaccountId, what: 'Subaccount' });
  return { accountId, subaccountId: request.subaccountId, ...DEFAULT_ROUTING_POLICY };
}
