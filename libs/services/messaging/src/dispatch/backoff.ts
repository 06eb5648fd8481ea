const BASE_MS = 1_000;
export const MAX_RETRY_DELAY_MS = 5 * 60_000;

/** Delay before try n+1 after n failures: 2^n seconds, capped at 5 minutes. */
export function retryDelayMs(failures: number): number {
  const exponent = Math.max(0, Math.min(failures, 30)); // 2^30 s is far past the cap; avoids Infinity
  return Math.min(BASE_MS * 2 ** exponent, MAX_RETRY_DELAY_MS);
}
