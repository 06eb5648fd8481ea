import type { Knex } from 'knex';
import type { NumberPool } from '../number-pools/number-pool';
import { findPool, findPoolServing, poolNumbersFor, rememberSticky, saveRotation, stickyNumberOf } from '../number-pools/number-pools.repository';
import { pickFromPool } from '../number-pools/pool-strategy.rules';
import { recipientKey } from '../numbers/address.rules';
import { isReadyToSend, type ChannelType } from '../numbers/number.rules';
import { countPoolUse, findSender } from '../numbers/numbers.repository';
import type { RoutingDeps } from '../routing-deps';

export interface SendScope {
  accountId: string;
  /** Absent: an account-level send. */
  subaccountId?: string;
  channel: ChannelType;
  destination: string;
}

export type SenderChoice = { kind: 'chosen'; numberId: string; fromAddress: string; poolId?: string } | { kind: 'none'; reason: string };

/**
 * 'commit' is a send's choice: it counts the use, moves the rotation and
 * remembers the recipient (Sticky). 'peek' answers the same choice without
 * changing anything (a route preview).
 */
export type PickMode = 'commit' | 'peek';

type PickDeps = Pick<RoutingDeps, 'db' | 'clock' | 'random'>;

/**
 * The sender of one channel attempt (ChooseSender) or of a previewed one.
 * With a pool of the send's scope serving the channel (the subaccount's for
 * a subaccount send, the account-level one for an account-level send), the
 * pool's strategy picks among its numbers that are ready to send; the pick
 * runs under the pool row's lock, so concurrent sends each see the previous
 * one's rotation, counts and memory. Without a pool: the subaccount's own
 * number for the channel, else an account-level one (findSender).
 */
export async function pickSender(deps: PickDeps, scope: SendScope, mode: PickMode): Promise<SenderChoice> {
  const pool = await findPoolServing(deps.db, scope.accountId, scope.subaccountId, scope.channel);
  if (!pool) {
    const sender = await findSender(deps.db, scope.accountId, scope.subaccountId, scope.channel);
    return sender ? { kind: 'chosen', numberId: sender.numberId, fromAddress: sender.address } : { kind: 'none', reason: `No sender is provisioned for ${scope.channel}.` };
  }
  if (mode === 'peek') return pickInPool(deps, deps.db, pool, scope, mode);
  const picked = await deps.db.transaction(async (trx) => {
    const locked = await findPool(trx, scope.accountId, pool.poolId, true);
    return locked ? pickInPool(deps, trx, locked, scope, mode) : undefined;
  });
  // Deleted between finding and locking it: the scope's senders as they are now.
  return picked ?? pickSender(deps, scope, mode);
}

async function pickInPool(deps: PickDeps, db: Knex, pool: NumberPool, scope: SendScope, mode: PickMode): Promise<SenderChoice> {
  const candidates = (await poolNumbersFor(db, pool.poolId, scope.channel)).filter(isReadyToSend);
  if (candidates.length === 0) return { kind: 'none', reason: `Number pool "${pool.name}" has no number ready to send on ${scope.channel}.` };
  const recipient = recipientKey(scope.destination);
  const lastNumberId = pool.strategy === 'Sticky' && recipient !== '' ? await stickyNumberOf(db, pool.poolId, recipient) : undefined;
  const rotation = pool.rotation[scope.channel] ?? 0;
  const { chosen, rotated } = pickFromPool(
    pool.strategy,
    candidates.map((n) => ({ numberId: n.numberId, address: n.address, useCount: n.useCount })),
    { rotation, lastNumberId },
    deps.random,
  );
  if (mode === 'commit') {
    const trx = db as Knex.Transaction;
    await countPoolUse(trx, chosen.numberId);
    if (rotated) await saveRotation(trx, pool.poolId, { ...pool.rotation, [scope.channel]: rotation + 1 });
    if (pool.strategy === 'Sticky' && recipient !== '' && chosen.numberId !== lastNumberId) {
      await rememberSticky(trx, pool.poolId, recipient, chosen.numberId, deps.clock.now());
    }
  }
  return { kind: 'chosen', numberId: chosen.numberId, fromAddress: chosen.address, poolId: pool.poolId };
}
