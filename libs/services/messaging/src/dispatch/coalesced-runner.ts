/**
 * Runs a pass at most once at a time. A call during a pass is answered by
 * one follow-up pass shared by every such caller, so a burst of kicks costs
 * at most two passes, and each caller still waits for a pass that started
 * after its call (the sandbox clock relies on that).
 */
export class CoalescedRunner {
  private current?: Promise<number>;
  private next?: Promise<number>;

  constructor(private readonly pass: () => Promise<number>) {}

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
