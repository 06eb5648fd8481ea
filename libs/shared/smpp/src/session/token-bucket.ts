/** Time source, injectable so tests need not wait. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Pacing by segments per second with a hard guarantee: no one-second window ever
 * holds more than `ratePerSecond` takes. A plain refilling bucket of capacity R lets
 * 2R through in the second that straddles a refill; here a token comes back exactly
 * one second after it was spent, so any (t − 1 s, t] holds at most R. Takes are
 * served in arrival order.
 */
export class TokenBucket {
  /** Spends within the last second: [time, count], oldest first. */
  private readonly spent: Array<[number, number]> = [];
  private spentCount = 0;
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * `periodMs` (default 1000) is how long a spent token stays spent: above 1000 it is a guard, so a
   * peer counting on its own clock, seeing our writes with some jitter, still never counts more than
   * `ratePerSecond` in a second.
   */
  constructor(
    readonly ratePerSecond: number,
    private readonly clock: Clock = systemClock,
    readonly periodMs = 1000,
  ) {
    if (!Number.isInteger(ratePerSecond) || ratePerSecond < 1) throw new RangeError(`ratePerSecond must be a positive integer, got ${ratePerSecond}`);
    if (!(periodMs >= 1000)) throw new RangeError(`periodMs must be at least 1000, got ${periodMs}`);
  }

  /** Takes n tokens now if the rate allows it. */
  tryTake(n = 1): boolean {
    this.check(n);
    if (this.waitFor(n) > 0) return false;
    this.spend(n);
    return true;
  }

  /** Resolves when n tokens were taken (after any earlier take() calls). */
  take(n = 1): Promise<void> {
    this.check(n);
    const turn = this.tail.then(async () => {
      for (let wait = this.waitFor(n); wait > 0; wait = this.waitFor(n)) await this.clock.sleep(wait);
      this.spend(n);
    });
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  /** Milliseconds until n tokens are free (0: now). */
  waitFor(n = 1): number {
    const now = this.clock.now();
    this.expire(now);
    let excess = this.spentCount + n - this.ratePerSecond;
    if (excess <= 0) return 0;
    for (const [at, count] of this.spent) {
      excess -= count;
      if (excess <= 0) return at + this.periodMs - now;
    }
    return this.periodMs; // unreachable: n ≤ rate
  }

  private spend(n: number): void {
    const now = this.clock.now();
    const last = this.spent.at(-1);
    if (last && last[0] === now) last[1] += n;
    else this.spent.push([now, n]);
    this.spentCount += n;
  }

  private expire(now: number): void {
    while (this.spent.length > 0 && this.spent[0][0] + this.periodMs <= now) this.spentCount -= this.spent.shift()![1];
  }

  private check(n: number): void {
    if (!Number.isInteger(n) || n < 1 || n > this.ratePerSecond) throw new RangeError(`take ${n}: must be 1..${this.ratePerSecond}`);
  }
}
