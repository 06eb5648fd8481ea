/** Spec 6.3 rule 3 and section 8: 5 attempts in all, retries after about 10 s, 30 s, 90 s and 5 min. */
export const MAX_AUTOMATIC_ATTEMPTS = 5;
export const RETRY_DELAYS_SECONDS = [10, 30, 90, 300] as const;
/** Spec 3.3: failed deliveries in a row that deactivate an endpoint. */
export const DEACTIVATION_THRESHOLD = 50;

/**
 * When to try again after the `attemptsMade`-th automatic attempt failed, in
 * seconds from now, or undefined when the delivery has failed for good. A
 * receiver's `Retry-After` (429, 503) pushes the retry later, but never past
 * the longest delay of the schedule, so the budget of 5 attempts in about
 * 7 minutes holds.
 */
export function retryDelaySeconds(attemptsMade: number, retryAfterSeconds?: number): number | undefined {
  if (attemptsMade >= MAX_AUTOMATIC_ATTEMPTS) return undefined;
  const scheduled = RETRY_DELAYS_SECONDS[attemptsMade - 1];
  const longest = RETRY_DELAYS_SECONDS[RETRY_DELAYS_SECONDS.length - 1];
  if (retryAfterSeconds === undefined) return scheduled;
  return Math.min(Math.max(scheduled, retryAfterSeconds), longest);
}
