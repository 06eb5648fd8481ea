import type { ChannelType, SenderNumber } from '../numbers/number.rules';

/** spec 2.9. */
export const POOL_STRATEGIES = ['RoundRobin', 'LeastUsed', 'Random', 'Sticky'] as const;
export type PoolStrategy = (typeof POOL_STRATEGIES)[number];

export function isPoolStrategy(value: string): value is PoolStrategy {
  return (POOL_STRATEGIES as readonly string[]).includes(value);
}

/**
 * The strategies that rotate across the pool's numbers (spec 2.9): every
 * member must be ready to send (spec 4.5). Random and Sticky take a number
 * that is not ready yet and skip it until it is.
 */
export const ROTATION_STRATEGIES: readonly PoolStrategy[] = ['RoundRobin', 'LeastUsed'];

export interface NumberPool {
  poolId: string;
  accountId: string;
  /** Absent: an account-level pool, for account-level sends. */
  subaccountId?: string;
  name: string;
  strategy: PoolStrategy;
  /** RoundRobin position per channel. */
  rotation: Partial<Record<ChannelType, number>>;
  createdAt: Date;
  updatedAt: Date;
}

/** A pool with its members in rotation order. */
export interface NumberPoolWithMembers extends NumberPool {
  numbers: SenderNumber[];
}

/** The channels a pool serves: those of its numbers. */
export function channelsOf(numbers: Pick<SenderNumber, 'channelTypes'>[]): ChannelType[] {
  const served = new Set(numbers.flatMap((n) => n.channelTypes));
  return (['Sms', 'WhatsApp', 'Email'] as const).filter((c) => served.has(c));
}
