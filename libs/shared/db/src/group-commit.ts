/**
 * Group commit: items added in the same event-loop turn, or while a group is
 * being written, are written together by one `write` call; each caller's
 * promise settles with its own item's result once that call has returned (so
 * nobody is answered before their item is stored). One group at a time, in
 * the order items were added; a `write` that throws fails its own group only.
 *
 * Also a group read: `write` may read instead, and every item's answer is read
 * after the item was added (never joined to a read already in flight), so a
 * caller sees what was committed before it asked, as a read of its own would.
 */
export class GroupCommit<I, O> {
  private waiting: Array<{ item: I; resolve: (out: O) => void; reject: (error: unknown) => void }> = [];
  private running: Promise<void> | undefined;

  constructor(
    /** Writes a group; returns one result per item, in the items' order. */
    private readonly write: (items: I[]) => Promise<O[]>,
    /** At most this many items in one group (a statement's bindings are bounded). */
    private readonly maxGroup = 200,
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      // After this turn, so items added by the same socket read or batch of callbacks join it.
      this.running ??= new Promise<void>((turn) => setImmediate(turn)).then(() => this.drain());
    });
  }

  /** Resolves once every item added so far is written (or failed). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxGroup);
      try {
        const results = await this.write(group.map((w) => w.item));
        if (results.length !== group.length) throw new Error(`group commit: ${results.length} results for ${group.length} items`);
        group.forEach((w, i) => w.resolve(results[i]));
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    this.running = undefined;
  }
}
