import type { routingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { confirmSubaccount } from '../access/known-subaccount';
import { reachRouting } from '../access/routing-reach.rules';
import type { RoutingDeps } from '../routing-deps';
import { ensurePolicyRow, findPolicy, savePolicy } from './routing-policies.repository';
import { policyToProto } from './routing-policy.proto';
import { updatedPolicy } from './routing-policy.rules';

/**
 * PUT /v1/subaccounts/{id}/routing-policy (spec 2.5, 4.5): the fields sent
 * over the stored ones, checked as a whole, stored in one transaction that
 * holds the policy's row, so two updates at once each keep the other's
 * fields. Admin or Manager, or a key with ManageRouting; a refused update
 * stores nothing.
 */
export async function updateRoutingPolicy(
  deps: Pick<RoutingDeps, 'db' | 'clients' | 'clock'>,
  principal: Principal,
  request: routingV1.UpdateRoutingPolicyRequest,
): Promise<routingV1.RoutingPolicy> {
  if (!request.subaccountId) throw DomainError.notFound('Subaccount');
  const { accountId, subaccountId } = reachRouting(principal, { accountId: request.accountId, subaccountId: request.subaccountId, need: 'change', what: 'Subaccount' });
  await confirmSubaccount(deps.clients, principal, accountId, subaccountId);
  const saved = await deps.db.transaction(async (trx) => {
    const now = deps.clock.now();
    await ensurePolicyRow(trx, accountId, subaccountId!, now);
    const current = await findPolicy(trx, accountId, subaccountId!, true);
    return savePolicy(trx, accountId, subaccountId!, updatedPolicy(current, request), now);
  });
  return policyToProto(saved);
}
