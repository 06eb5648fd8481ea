import { withJitter, type RandomSource } from '@mp/service-host';

const MAX_DELAY_SECONDS = 300;

/**
 * Seconds until the next post after `failedAttempts` failures: 1, 2, 4, 8...
 * capped at 5 minutes, spread up to 10% later (withJitter) so callbacks that
 * failed together are not posted together again. Fractional: callers keep milliseconds.
 */
export function retryDelaySeconds(failedAttempts: number, random: RandomSource = Math.random): number {
  const exponent = Math.max(0, failedAttempts - 1);
  // Cap the exponent too, so a callback failing for days never overflows.
  return withJitter(Math.min(2 ** Math.min(exponent, 30), MAX_DELAY_SECONDS), random);
}
