import { randomUUID } from 'node:crypto';
import type { routingV1 } from '@mp/contracts';
import { isUuid, type Principal } from '@mp/grpc';
import { confirmSubaccount } from '../access/known-subaccount';
import { reachRouting } from '../access/routing-reach.rules';
import { asPoolConflict } from '../db/unique-violation';
import { lockActiveNumbers } from '../numbers/numbers.repository';
import type { RoutingDeps } from '../routing-deps';
import type { NumberPool } from './number-pool';
import { poolToProto } from './number-pool.proto';
import { checkedPoolFields, checkMembers } from './number-pool-request.rules';
import { insertPool, otherPoolsOfScope, poolsHolding } from './number-pools.repository';

/**
 * POST /v1/number-pools (spec 2.9, 4.5): a pool of the account (account-level
 * sends) or of a subaccount (its sends; a caller limited to a subaccount
 * makes pools of its own). Fields first (400), then, in one transaction
 * holding the numbers' rows, the members (400 naming them) and the conflicts
 * with other pools (409); a refused pool stores nothing. Admin or Manager,
 * or a key with ManageRouting.
 */
export async function createNumberPool(deps: RoutingDeps, principal: Principal, request: routingV1.CreateNumberPoolRequest): Promise<routingV1.NumberPool> {
  const { accountId, subaccountId } = reachRouting(principal, {
    accountId: request.accountId,
    subaccountId: request.subaccountId,
    need: 'change',
    what: request.subaccountId ? 'Subaccount' : undefined,
  });
  const fields = checkedPoolFields({ name: request.name ?? '', strategy: request.strategy ?? '', numberIds: request.numberIds ?? [] });
  await confirmSubaccount(deps.clients, principal, accountId, request.subaccountId ? subaccountId : undefined);
  const ids = fields.numberIds.filter(isUuid);
  return asPoolConflict(() => deps.db.transaction(async (trx) => {
    const now = deps.clock.now();
    const numbers = await lockActiveNumbers(trx, accountId, ids);
    const members = checkMembers(
      fields,
      { subaccountId },
      numbers,
      await poolsHolding(trx, ids),
      await otherPoolsOfScope(trx, accountId, subaccountId),
    );
    const pool: NumberPool = { poolId: randomUUID(), accountId, subaccountId, name: fields.name, strategy: fields.strategy, rotation: {}, createdAt: now, updatedAt: now };
    await insertPool(trx, pool, fields.numberIds);
    return poolToProto({ ...pool, numbers: members });
  }));
}
