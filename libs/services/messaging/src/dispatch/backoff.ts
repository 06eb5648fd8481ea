import { withJitter, type RandomSource } from '@mp/service-host';

const BASE_MS = 1_000;
export const MAX_RETRY_DELAY_MS = 5 * 60_000;

/**
 * Delay before try n+1 after n failures: 2^n seconds, capped at 5 minutes,
 * then spread up to 10% later (withJitter) so messages that failed together
 * are not resubmitted together.
 */
export function retryDelayMs(failures: number, random: RandomSource = Math.random): number {
  const exponent = Math.max(0, Math.min(failures, 30)); // 2^30 s is far past the cap; avoids Infinity
  return Math.round(withJitter(Math.min(BASE_MS * 2 ** exponent, MAX_RETRY_DELAY_MS), random));
}
