import type { routingV1 } from '@mp/contracts';
import { isUuid, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { reachRouting, type RoutingNeed } from '../access/routing-reach.rules';
import { asPoolConflict } from '../db/unique-violation';
import { lockActiveNumbers } from '../numbers/numbers.repository';
import type { RoutingDeps } from '../routing-deps';
import type { NumberPool } from './number-pool';
import { poolToProto } from './number-pool.proto';
import { checkedPoolFields, checkMembers } from './number-pool-request.rules';
import { deletePoolRow, findPool, listPools, otherPoolsOfScope, poolsHolding, replaceMembers, updatePoolRow, withMembers } from './number-pools.repository';
import type { Knex } from 'knex';

type Deps = Pick<RoutingDeps, 'db' | 'clock'>;

/**
 * The pool the caller reaches, or 404: another account's, another
 * subaccount's for a caller limited to a subaccount, or none.
 */
async function reachablePool(db: Knex, principal: Principal, ref: routingV1.NumberPoolRef, need: RoutingNeed, forUpdate = false): Promise<NumberPool> {
  const reach = reachRouting(principal, { accountId: ref.accountId, need });
  const pool = isUuid(ref.poolId) ? await findPool(db, reach.accountId, ref.poolId, forUpdate) : undefined;
  if (!pool || (reach.subaccountId !== undefined && pool.subaccountId !== reach.subaccountId)) throw DomainError.notFound('Number pool');
  return pool;
}

/**
 * GET /v1/number-pools: the account's pools, oldest first, each with its
 * numbers in rotation order and their use counts; a caller limited to a
 * subaccount (or asking for one) sees that subaccount's pools.
 */
export async function listNumberPools(deps: Deps, principal: Principal, request: routingV1.ListNumberPoolsRequest): Promise<routingV1.ListNumberPoolsResponse> {
  const reach = reachRouting(principal, { accountId: request.accountId, subaccountId: request.subaccountId, need: 'read', what: request.subaccountId ? 'Subaccount' : undefined });
  const pools = await withMembers(deps.db, await listPools(deps.db, reach.accountId, reach.subaccountId));
  return { items: pools.map(poolToProto) };
}

export async function getNumberPool(deps: Deps, principal: Principal, ref: routingV1.NumberPoolRef): Promise<routingV1.NumberPool> {
  const pool = await reachablePool(deps.db, principal, ref, 'read');
  const [withNumbers] = await withMembers(deps.db, [pool]);
  return poolToProto(withNumbers);
}

/**
 * PUT /v1/number-pools/{id}: name, strategy and numbers; a field left out
 * keeps its value, `numberIds` replaces the members (and their order). The
 * whole pool is checked again as on create (a strategy changed to RoundRobin
 * needs every number ready). Runs holding the pool's row, so no send picks
 * from a half-changed pool; rotation positions and Sticky memories stay
 * (a remembered number that left the pool falls back to rotation).
 */
export async function updateNumberPool(deps: Deps, principal: Principal, request: routingV1.UpdateNumberPoolRequest): Promise<routingV1.NumberPool> {
  reachRouting(principal, { accountId: request.accountId, need: 'change' });
  return asPoolConflict(() =>
    deps.db.transaction(async (trx) => {
      const pool = await reachablePool(trx, principal, { accountId: request.accountId, poolId: request.poolId }, 'change', true);
      const [current] = await withMembers(trx, [pool]);
      const fields = checkedPoolFields({
        name: request.name ?? pool.name,
        strategy: request.strategy ?? pool.strategy,
        numberIds: request.numberIds ? request.numberIds.numberIds : current.numbers.map((n) => n.numberId),
      });
      const ids = fields.numberIds.filter(isUuid);
      const members = checkMembers(
        fields,
        { subaccountId: pool.subaccountId },
        await lockActiveNumbers(trx, pool.accountId, ids),
        await poolsHolding(trx, ids, pool.poolId),
        await otherPoolsOfScope(trx, pool.accountId, pool.subaccountId, pool.poolId),
      );
      const now = deps.clock.now();
      await updatePoolRow(trx, pool.poolId, { name: fields.name, strategy: fields.strategy, updatedAt: now });
      if (request.numberIds) await replaceMembers(trx, pool.poolId, fields.numberIds);
      return poolToProto({ ...pool, name: fields.name, strategy: fields.strategy, updatedAt: now, numbers: members });
    }),
  );
}

/**
 * DELETE /v1/number-pools/{id}: the pool goes with its memories; its numbers
 * stay (sends then use the scope's numbers as without a pool).
 */
export async function deleteNumberPool(deps: Deps, principal: Principal, ref: routingV1.NumberPoolRef): Promise<void> {
  reachRouting(principal, { accountId: ref.accountId, need: 'change' });
  await deps.db.transaction(async (trx) => {
    const pool = await reachablePool(trx, principal, ref, 'change', true);
    await deletePoolRow(trx, pool.poolId);
  });
}
