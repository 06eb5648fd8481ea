import { AsyncResource } from 'node:async_hooks';

/**
 * Runs a pass at most once at a time. A call during a pass is answered by
 * one follow-up pass shared by every such caller, so a burst of kicks costs
 * at most two passes, and each caller still waits for a pass that started
 * after its call (the sandbox clock relies on that).
 *
 * A pass runs in the context the runner was made in, not the caller's: a
 * send that kicks the dispatcher must not lend the pass its call (whose
 * deadline every nested call honours, so a long pass's later lookups failed
 * as timed out) or its trace.
 */
export class CoalescedRunner {
  private current?: Promise<number>;
  private next?: Promise<number>;
  private readonly pass: () => Promise<number>;

  constructor(pass: () => Promise<number>) {
    this.pass = AsyncResource.bind(pass);
  }

  run(): Promise<number> {
    if (!this.current) return this.start();
    this.next ??= this.current
      .catch(() => 0)
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  /**
   * Asks for a pass without waiting for it: a failed pass reaches `onError` once, however many asked. A reaction
   * per caller on the shared pass would keep each caller's async context (a send's trace spans) alive until the
   * pass ends, heap that grew with every send accepted during a long pass.
   */
  request(onError: (error: unknown) => void): void {
    const waiting = this.next;
    const pass = this.run();
    if (pass !== waiting) pass.catch(onError);
  }

  /** Resolves when no pass is running or waiting. */
  async idle(): Promise<void> {
    while (this.current || this.next) await (this.next ?? this.current)?.catch(() => 0);
  }

  private start(): Promise<number> {
    const run = this.pass().finally(() => {
      if (this.current === run) this.current = undefined;
    });
    this.current = run;
    return run;
  }
}
