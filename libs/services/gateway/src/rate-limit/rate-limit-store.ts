export interface RateLimitDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window that refused the request ends. */
  retryAfterSeconds: number;
}

/** A fixed-window counter: memory for one process, Redis for many. */
export interface RateLimitStore {
  hit(key: string, limit: number, windowMs: number, now: number): Promise<RateLimitDecision>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function decide(count: number, limit: number, windowEndsAt: number, now: number): RateLimitDecision {
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now) / 1000)),
  };
}
