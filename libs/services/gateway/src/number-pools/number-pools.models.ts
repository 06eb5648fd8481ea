import type { ChannelType } from '../messages/messages.models';
import type { NumberResource } from '../numbers/numbers.models';

/**
 * How a pool picks the number of each send (spec 2.9):
 * - `RoundRobin`: the next number in the pool's order, wrapping;
 * - `LeastUsed`: the number picked fewest times so far (`useCount`; ties in
 *   the pool's order), so a number added later catches up first;
 * - `Random`: any of them, at random;
 * - `Sticky`: the number the recipient last heard from through this pool;
 *   a new recipient, or one whose number left the pool, gets the next number
 *   in rotation (and keeps it).
 */
export type PoolStrategy = 'RoundRobin' | 'LeastUsed' | 'Random' | 'Sticky';

/**
 * Ids of the account's active numbers, in rotation order, each in no other
 * pool. A subaccount's pool takes the subaccount's and account-level numbers;
 * an account-level pool, account-level numbers only. For `RoundRobin` and
 * `LeastUsed` every number must be ready to send (`readyToSend`: sandbox
 * numbers are; a production long code once assigned to a 10DLC campaign).
 * At least one.
 * @maxItems 100
 */
export type PoolNumberIds = PoolNumberId[];

/**
 * A number's id (UUID).
 * @maxLength 64
 */
export type PoolNumberId = string;

/**
 * 1 to 100 characters.
 * @maxLength 100
 */
export type PoolName = string;

/**
 * A number pool (spec 2.9, 4.5). The sends of its scope (the subaccount's,
 * or the account's own sends for an account-level pool) go from its numbers
 * on the channels its numbers serve; a scope has at most one pool per channel.
 */
export interface CreateNumberPoolRequest {
  name: PoolName;
  strategy: PoolStrategy;
  numberIds: PoolNumberIds;
  /**
   * The subaccount whose sends use the pool; left out, the account's own
   * (account-level) sends. A caller limited to a subaccount makes pools of
   * its own subaccount.
   * @maxLength 64
   */
  subaccountId?: string;
}

/** Every field optional: a field left out keeps its value; `numberIds` replaces the members and their order. */
export interface UpdateNumberPoolRequest {
  name?: PoolName;
  strategy?: PoolStrategy;
  numberIds?: PoolNumberIds;
}

/** A number pool: numbers a send picks from by its strategy (spec 2.9). */
export interface NumberPoolResource {
  /** @format uuid */
  poolId: string;
  /** Null: an account-level pool. */
  subaccountId: string | null;
  name: string;
  strategy: PoolStrategy;
  /** The channels it serves: those of its numbers. */
  channelTypes: ChannelType[];
  /** Its numbers' ids, in rotation order. */
  numberIds: string[];
  /** Its numbers, in rotation order, with `useCount` and `readyToSend`. */
  numbers: NumberResource[];
  createdAt: string;
  updatedAt: string;
}

/** The account's number pools. */
export interface NumberPoolList {
  items: NumberPoolResource[];
}
