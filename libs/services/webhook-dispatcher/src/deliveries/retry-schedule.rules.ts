import { withJitter, type RandomSource } from '@mp/service-host';

/** Spec 6.3 rule 3 and section 8: 5 attempts in all, retries after about 10 s, 30 s, 90 s and 5 min. */
export const MAX_AUTOMATIC_ATTEMPTS = 5;
export const RETRY_DELAYS_SECONDS = [10, 30, 90, 300] as const;
/** Spec 3.3: failed deliveries in a row that deactivate an endpoint. */
export const DEACTIVATION_THRESHOLD = 50;

/**
 * When to try again after the `attemptsMade`-th automatic attempt failed, in
 * seconds from now, or undefined when the delivery has failed for good. The
 * scheduled delay is spread up to 10% later (withJitter: 10-11 s, 30-33 s,
 * 90-99 s, 300-330 s), so deliveries that failed together do not retry
 * together; never earlier than the published "about 10 s, 30 s, 90 s, 5 min".
 * A receiver's `Retry-After` (429, 503) pushes the retry later, to exactly
 * the time it named, but never past the longest delay of the schedule, so the
 * budget of 5 attempts in about 7 minutes holds.
 */
export function retryDelaySeconds(attemptsMade: number, retryAfterSeconds?: number, random: RandomSource = Math.random): number | undefined {
  if (attemptsMade >= MAX_AUTOMATIC_ATTEMPTS) return undefined;
  const scheduled = withJitter(RETRY_DELAYS_SECONDS[attemptsMade - 1], random);
  const longest = RETRY_DELAYS_SECONDS[RETRY_DELAYS_SECONDS.length - 1];
  if (retryAfterSeconds === undefined) return scheduled;
  return Math.max(scheduled, Math.min(retryAfterSeconds, longest));
}
