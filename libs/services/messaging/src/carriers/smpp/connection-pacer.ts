import { systemClock, TokenBucket, type Clock } from '@mp/smpp';

const HALVE_AT_MOST_EVERY_MS = 1000;

export interface PacerOptions {
  clock?: Clock;
  /** How long a throttle keeps the rate down after the last one (default 30 000 ms, Jasmin's retry period). */
  slowdownMs?: number;
  /**
   * Added to the second a spent segment stays spent (default 50 ms): the SMSC counts on its own clock and
   * sees our writes with network and event-loop jitter; a second of ours must be one on its side too.
   */
  guardMs?: number;
}

/**
 * Pacing of one connection by segments (issue 28 point 2). The configured
 * rate is a TokenBucket: no one-second window ever holds more segments than
 * `throughputPerSecond`, whatever happens. An ESME_RTHROTTLED or
 * ESME_RMSGQFUL halves the rate (down to 1/s) until `slowdownMs` pass without
 * another: a second, lower bucket every take must also pass, so slowing down
 * never loosens the configured guarantee. The throttles of one burst (a whole
 * window answered 0x58 at once) are one signal: the rate halves at most once
 * a second.
 *
 * TokenBucket counts whole tokens: a fractional throughputPerSecond is paced
 * at its integer part, and below 1 at 1 per second.
 */
export class ConnectionPacer {
  readonly configuredPerSecond: number;
  private readonly full: TokenBucket;
  private readonly clock: Clock;
  private readonly slowdownMs: number;
  private readonly periodMs: number;
  private slowed: { bucket: TokenBucket; until: number; since: number } | undefined;

  constructor(throughputPerSecond: number, options: PacerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.slowdownMs = options.slowdownMs ?? 30_000;
    this.periodMs = 1000 + (options.guardMs ?? 50);
    this.configuredPerSecond = Math.max(1, Math.floor(throughputPerSecond));
    this.full = new TokenBucket(this.configuredPerSecond, this.clock, this.periodMs);
  }

  /** The rate takes are held to now. */
  get ratePerSecond(): number {
    return this.activeSlowdown()?.bucket.ratePerSecond ?? this.configuredPerSecond;
  }

  /** When the slowdown ends (epoch ms), if one is on. */
  get slowedUntil(): number | undefined {
    return this.activeSlowdown()?.until;
  }

  /** Resolves when `segments` may go out; more than a second's worth are taken a second's worth at a time. */
  async take(segments: number): Promise<void> {
    for (let left = segments; left > 0; ) {
      const slow = this.activeSlowdown();
      const chunk = Math.min(left, slow?.bucket.ratePerSecond ?? this.configuredPerSecond);
      if (slow) await slow.bucket.take(chunk);
      await this.full.take(chunk);
      left -= chunk;
    }
  }

  /** The SMSC said we are too fast: halve the rate for a while. */
  slowDown(): void {
    const now = this.clock.now();
    const current = this.activeSlowdown();
    const rate = Math.max(1, Math.floor(this.ratePerSecond / 2));
    if (current && (now - current.since < HALVE_AT_MOST_EVERY_MS || current.bucket.ratePerSecond === rate)) current.until = now + this.slowdownMs;
    else this.slowed = { bucket: new TokenBucket(rate, this.clock, this.periodMs), until: now + this.slowdownMs, since: now };
  }

  private activeSlowdown(): { bucket: TokenBucket; until: number; since: number } | undefined {
    if (this.slowed && this.clock.now() >= this.slowed.until) this.slowed = undefined;
    return this.slowed;
  }
}
