import type { Knex } from 'knex';
import type { NumberPool } from '../number-pools/number-pool';
import { activeMembersOf, findPools, rememberStickies, saveRotations, stickyKeyOf, stickyNumbersOf, type StickyKey } from '../number-pools/number-pools.repository';
import { pickFromPool } from '../number-pools/pool-strategy.rules';
import { recipientKey } from '../numbers/address.rules';
import { isReadyToSend, type ChannelType, type SenderNumber } from '../numbers/number.rules';
import { countPoolUses } from '../numbers/numbers.repository';
import type { RoutingDeps } from '../routing-deps';
import { findScopeSenders, type ScopeSenders } from './send-scopes.repository';

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

/** The sender of one channel attempt (ChooseSender) or of a previewed one: pickSenders of one. */
export async function pickSender(deps: PickDeps, scope: SendScope, mode: PickMode): Promise<SenderChoice> {
  const [choice] = await pickSenders(deps, [scope], mode);
  return choice;
}

/**
 * The senders of many channel attempts, each chosen as if they were asked
 * one after another in this order (ChooseSenders; ChooseSender and a route
 * preview are batches of one). With a pool of the send's scope serving the
 * channel (the subaccount's for a subaccount send, the account-level one for
 * an account-level send), the pool's strategy picks among its numbers that
 * are ready to send; the picks run under the pool rows' locks, so concurrent
 * sends each see the previous one's rotation, counts and memory. Without a
 * pool: the subaccount's own number for the channel, else an account-level
 * one.
 *
 * A fixed number of statements whatever the batch's size: one for every
 * scope's pool or sender; then, when pools are involved, one transaction
 * that locks each involved pool row once (in pool id order), reads their
 * members and Sticky memories, and writes the use counts, rotations and
 * memories of the whole batch with one statement each.
 */
export async function pickSenders(deps: PickDeps, scopes: readonly SendScope[], mode: PickMode): Promise<SenderChoice[]> {
  if (scopes.length === 0) return [];
  for (;;) {
    const keys = new Map<string, number>();
    const distinct: SendScope[] = [];
    const keyIndex = scopes.map((s) => {
      const key = `${s.accountId}\n${s.subaccountId ?? ''}\n${s.channel}`;
      if (!keys.has(key)) {
        keys.set(key, distinct.length);
        distinct.push(s);
      }
      return keys.get(key)!;
    });
    const found = await findScopeSenders(deps.db, distinct);
    const perItem = keyIndex.map((k) => found[k]);
    const poolIds = [...new Set(perItem.flatMap((f) => (f.poolId ? [f.poolId] : [])))].sort();
    if (poolIds.length === 0) return scopes.map((scope, i) => directChoice(scope, perItem[i]));
    const picked =
      mode === 'peek'
        ? await pickAll(deps, deps.db, scopes, perItem, poolIds, mode)
        : await deps.db.transaction((trx) => pickAll(deps, trx, scopes, perItem, poolIds, mode));
    // A pool deleted between finding and locking it: the scopes' senders as they are now.
    if (picked) return picked;
  }
}

/** A scope without a pool: its own (or the account's) number, if any. */
function directChoice(scope: SendScope, found: ScopeSenders): SenderChoice {
  return found.sender
    ? { kind: 'chosen', numberId: found.sender.numberId, fromAddress: found.sender.address }
    : { kind: 'none', reason: `No sender is provisioned for ${scope.channel}.` };
}

/** Every item's choice, pool picks in order against the batch's running state; undefined when a pool vanished. */
async function pickAll(
  deps: PickDeps,
  db: Knex,
  scopes: readonly SendScope[],
  perItem: readonly ScopeSenders[],
  poolIds: string[],
  mode: PickMode,
): Promise<SenderChoice[] | undefined> {
  const pools = await findPools(db, poolIds, mode === 'commit');
  if (pools.size !== poolIds.length) return undefined;
  const members = await activeMembersOf(db, poolIds);
  const stickyKeys = new Map<string, StickyKey>();
  scopes.forEach((scope, i) => {
    const pool = perItem[i].poolId ? pools.get(perItem[i].poolId!) : undefined;
    const recipient = recipientKey(scope.destination);
    if (pool?.strategy === 'Sticky' && recipient !== '') stickyKeys.set(stickyKeyOf({ poolId: pool.poolId, recipient }), { poolId: pool.poolId, recipient });
  });
  const state = new BatchState(pools, members, await stickyNumbersOf(db, [...stickyKeys.values()]));
  const choices = scopes.map((scope, i) => {
    const pool = perItem[i].poolId ? pools.get(perItem[i].poolId!) : undefined;
    return pool ? state.pick(deps, pool, scope, mode) : directChoice(scope, perItem[i]);
  });
  if (mode === 'commit') {
    const trx = db as Knex.Transaction;
    await countPoolUses(trx, state.uses);
    await saveRotations(trx, state.rotated);
    await rememberStickies(trx, state.rememberedRows(), deps.clock.now());
  }
  return choices;
}

/**
 * The pools as the batch's picks leave them, one pick after another: each
 * sees the use counts, rotations and Sticky memories of the picks before it
 * (what the single calls would have read back), and what changed is written
 * once at the end.
 */
class BatchState {
  /** Picks per number in this batch (added to use_count). */
  readonly uses = new Map<string, number>();
  /** Pools whose rotation moved, with the rotation to store. */
  readonly rotated = new Map<string, NumberPool['rotation']>();
  private readonly rotations = new Map<string, NumberPool['rotation']>();
  /** (pool, recipient) memories written by a pick of this batch. */
  private readonly rememberedKeys = new Map<string, StickyKey>();

  constructor(
    pools: ReadonlyMap<string, NumberPool>,
    private readonly members: ReadonlyMap<string, SenderNumber[]>,
    private readonly sticky: Map<string, string>,
  ) {
    for (const pool of pools.values()) this.rotations.set(pool.poolId, { ...pool.rotation });
  }

  pick(deps: PickDeps, pool: NumberPool, scope: SendScope, mode: PickMode): SenderChoice {
    const candidates = (this.members.get(pool.poolId) ?? []).filter((n) => n.channelTypes.includes(scope.channel) && isReadyToSend(n));
    if (candidates.length === 0) return { kind: 'none', reason: `Number pool "${pool.name}" has no number ready to send on ${scope.channel}.` };
    const recipient = recipientKey(scope.destination);
    const stickyKey = pool.strategy === 'Sticky' && recipient !== '' ? { poolId: pool.poolId, recipient } : undefined;
    const lastNumberId = stickyKey ? this.sticky.get(stickyKeyOf(stickyKey)) : undefined;
    const rotation = this.rotations.get(pool.poolId)!;
    const position = rotation[scope.channel] ?? 0;
    const { chosen, rotated } = pickFromPool(
      pool.strategy,
      candidates.map((n) => ({ numberId: n.numberId, address: n.address, useCount: n.useCount + (this.uses.get(n.numberId) ?? 0) })),
      { rotation: position, lastNumberId },
      deps.random,
    );
    if (mode === 'commit') {
      this.uses.set(chosen.numberId, (this.uses.get(chosen.numberId) ?? 0) + 1);
      if (rotated) {
        rotation[scope.channel] = position + 1;
        this.rotated.set(pool.poolId, rotation);
      }
      if (stickyKey && chosen.numberId !== lastNumberId) {
        this.sticky.set(stickyKeyOf(stickyKey), chosen.numberId);
        this.rememberedKeys.set(stickyKeyOf(stickyKey), stickyKey);
      }
    }
    return { kind: 'chosen', numberId: chosen.numberId, fromAddress: chosen.address, poolId: pool.poolId };
  }

  /** The memories to store: each (pool, recipient) once, with the number its last pick chose. */
  rememberedRows(): Array<StickyKey & { numberId: string }> {
    return [...this.rememberedKeys].map(([key, k]) => ({ ...k, numberId: this.sticky.get(key)! }));
  }
}
