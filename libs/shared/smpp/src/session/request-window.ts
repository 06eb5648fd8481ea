/**
 * At most `size` requests outstanding (SMPP's window). acquire() waits for a free slot
 * in arrival order; release() hands the slot to the next waiter.
 */
export class RequestWindow {
  private used = 0;
  private readonly waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private readonly drainWaiters: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`window must be a positive integer, got ${size}`);
  }

  get inUse(): number {
    return this.used;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  acquire(): Promise<void> {
    if (this.used < this.size) {
      this.used++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) return next.resolve(); // the slot passes on; `used` is unchanged
    this.used = Math.max(0, this.used - 1);
    if (this.used === 0) for (const resolve of this.drainWaiters.splice(0)) resolve();
  }

  /** Fails every request still waiting for a slot (the session is going away). */
  rejectWaiting(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  /** Resolves when no request is outstanding and none waits. */
  drained(): Promise<void> {
    if (this.used === 0 && this.waiters.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }
}
