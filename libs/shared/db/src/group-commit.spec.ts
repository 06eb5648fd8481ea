import { GroupCommit } from './group-commit';

// Group commit (the sandbox SMSC's parts, messaging's part ledger): items that arrive together are written together,
// each answered only once its own write returned.

function deferred() {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { promise, release, fail };
}

describe('GroupCommit', () => {
  it('writes the items of one turn together, and those added while it writes as the next group', async () => {
    const groups: string[][] = [];
    const first = deferred();
    const commit = new GroupCommit<string, string>(async (items) => {
      groups.push(items);
      if (groups.length === 1) await first.promise;
      return items.map((item) => `${item}!`);
    });
    const settled: string[] = [];
    const track = (p: Promise<string>) => p.then((out) => void settled.push(out));
    const a = track(commit.add('a'));
    const b = track(commit.add('b'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups).toEqual([['a', 'b']]);
    const c = track(commit.add('c'));
    const d = track(commit.add('d'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nobody is answered while their group is being written, and the next group waits for it.
    expect(settled).toEqual([]);
    expect(groups).toEqual([['a', 'b']]);
    first.release();
    await Promise.all([a, b, c, d]);
    expect(groups).toEqual([['a', 'b'], ['c', 'd']]);
    expect(settled).toEqual(['a!', 'b!', 'c!', 'd!']);
  });

  it('fails only the items of the group whose write threw', async () => {
    const first = deferred();
    let calls = 0;
    const commit = new GroupCommit<string, string>(async (items) => {
      if (++calls === 1) await first.promise;
      return items;
    });
    const a = commit.add('a');
    await new Promise((resolve) => setImmediate(resolve));
    const b = commit.add('b');
    first.fail(new Error('insert failed'));
    await expect(a).rejects.toThrow('insert failed');
    await expect(b).resolves.toBe('b');
  });

  it('keeps a group within its size, in the order items were added', async () => {
    const groups: number[][] = [];
    const commit = new GroupCommit<number, number>(async (items) => {
      groups.push(items);
      return items;
    }, 3);
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => commit.add(n)));
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7],
    ]);
  });

  it('is idle once every item added so far is written', async () => {
    const first = deferred();
    const written: string[] = [];
    const commit = new GroupCommit<string, string>(async (items) => {
      await first.promise;
      written.push(...items);
      return items;
    });
    void commit.add('a');
    let idle = false;
    const waiting = commit.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(idle).toBe(false);
    first.release();
    await waiting;
    expect(written).toEqual(['a']);
  });

  it('fails a group whose write answers for fewer items than it was given', async () => {
    const commit = new GroupCommit<string, string>(async (items) => items.slice(1));
    await expect(Promise.all([commit.add('a'), commit.add('b')])).rejects.toThrow(/1 results for 2 items/);
  });
});
