/** Exponential backoff: base, 2·base, 4·base… capped at max. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** A sleep that `wake()` can cut short and that `close()` ends for good, so stopping never waits out a delay. */
export class Sleeper {
  private pending = new Set<() => void>();
  private closed = false;

  sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pending.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
    });
  }

  wake(): void {
    for (const done of [...this.pending]) done();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }
}
