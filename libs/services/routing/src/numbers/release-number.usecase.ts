import type { routingV1 } from '@mp/contracts';
import { isUuid, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { reachRouting } from '../access/routing-reach.rules';
import { poolsHolding } from '../number-pools/number-pools.repository';
import type { RoutingDeps } from '../routing-deps';
import { findActiveNumber, releaseNumber } from './numbers.repository';

/**
 * DELETE /v1/numbers/{id} (DECISIONS Numbers): the number is released at
 * once. It is gone from GET /v1/numbers, no send picks it, and ResolveNumber
 * no longer finds it, so an inbound message to it is refused like one to any
 * number the platform does not hold; its address may be provisioned again.
 * A number in a pool is 409 CONFLICT naming the pool (take it out first);
 * another account's, another subaccount's for a limited caller, an unknown
 * or already released one is 404. Admin or Manager, or a key with
 * ManageRouting. The number's row is locked, so a pool cannot take it in
 * while it is released.
 */
export async function deleteNumber(deps: Pick<RoutingDeps, 'db' | 'clock'>, principal: Principal, request: routingV1.DeleteNumberRequest): Promise<void> {
  const reach = reachRouting(principal, { accountId: request.accountId, need: 'change' });
  if (!isUuid(request.numberId)) throw DomainError.notFound('Number');
  await deps.db.transaction(async (trx) => {
    const number = await findActiveNumber(trx, reach.accountId, request.numberId, true);
    if (!number || (reach.subaccountId !== undefined && number.subaccountId !== reach.subaccountId)) throw DomainError.notFound('Number');
    const [held] = await poolsHolding(trx, [number.numberId]);
    if (held) {
      throw new DomainError('CONFLICT', `${number.address} is in the number pool "${held.name}" (${held.poolId}); remove it from the pool before releasing it.`);
    }
    await releaseNumber(trx, number.numberId, deps.clock.now());
  });
}
