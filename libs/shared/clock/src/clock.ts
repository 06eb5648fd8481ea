/** Every time rule reads one injectable clock (ARCHITECTURE "Time"). */
export interface Clock {
  now(): Date;
}

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/**
 * The sandbox clock: real time plus an offset that only moves forward, so
 * tests and sandbox users can make due work (sendAt, expiry, receipts,
 * retries, token lifetimes) happen without waiting.
 */
export class SandboxClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = new SystemClock()) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  advance(seconds: number): Date {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative number');
    this.offsetMs += Math.round(seconds * 1000);
    return this.now();
  }

  /** Moves the clock to `to` if that is later than now; never backwards. */
  setAtLeast(to: Date): Date {
    const delta = to.getTime() - this.now().getTime();
    if (delta > 0) this.offsetMs += delta;
    return this.now();
  }
}

export function isSandboxClock(clock: Clock): clock is SandboxClock {
  return clock instanceof SandboxClock;
}
