import type { Response } from 'express';

/** One rate-limit policy's state for the request: its limit, what is left, seconds until its window ends. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * The IETF RateLimit header fields in the form of
 * draft-ietf-httpapi-ratelimit-headers-06/07, the one clients and gateways
 * widely read: `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`
 * (delta seconds). Where several policies apply, the one closest to refusing
 * is reported, as the draft asks. `Retry-After` is set on 429s only, by the
 * problem handler from `retryAfterSeconds`.
 */
export function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  res.setHeader('RateLimit-Limit', String(state.limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, state.remaining)));
  res.setHeader('RateLimit-Reset', String(Math.max(0, state.resetSeconds)));
}

/** The policy to report: a refusing one (the latest to reset), else the one with the fewest requests left. */
export function closestToRefusing<T extends RateLimitState & { allowed: boolean }>(states: T[]): T {
  const refused = states.filter((s) => !s.allowed);
  if (refused.length > 0) return refused.reduce((a, b) => (b.resetSeconds > a.resetSeconds ? b : a));
  return states.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSeconds > a.resetSeconds) ? b : a));
}
