export type Release = () => void;

interface Waiter {
  grant(release: Release): void;
  fail(error: Error): void;
}

/**
 * FIFO mutex guarding the single PGlite connection. FIFO matters: the all-in-one process runs
 * nine services against one connection, and an unfair lock would let a chatty poller starve them.
 */
export class AsyncMutex {
  private locked = false;
  private readonly waiters: Waiter[] = [];
  private closedWith?: Error;

  get isLocked(): boolean {
    return this.locked;
  }

  acquire(timeoutMs: number, describeTimeout: () => string = () => 'Timed out waiting for lock'): Promise<Release> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(timer);
          resolve(release);
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new Error(describeTimeout()));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Rejects everyone waiting and every later acquire; the current holder keeps the lock until it releases. */
  close(error: Error): void {
    this.closedWith = error;
    for (const waiter of this.waiters.splice(0)) waiter.fail(error);
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return; // a double release must not hand the lock to two waiters
      released = true;
      const next = this.closedWith ? undefined : this.waiters.shift();
      if (next) next.grant(this.releaser());
      else this.locked = false;
    };
  }
}
