import { AsyncMutex } from './async-mutex';

describe('AsyncMutex', () => {
  it('grants the lock in FIFO order', async () => {
    const mutex = new AsyncMutex();
    const order: number[] = [];
    const first = await mutex.acquire(1000);
    const waiters = [1, 2, 3].map((n) =>
      mutex.acquire(1000).then((release) => {
        order.push(n);
        release();
      }),
    );
    first();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    expect(mutex.isLocked).toBe(false);
  });

  it('times out a waiter without disturbing the queue', async () => {
    const mutex = new AsyncMutex();
    const held = await mutex.acquire(1000);
    await expect(mutex.acquire(20, () => 'too slow')).rejects.toThrow('too slow');
    const next = mutex.acquire(1000);
    held();
    (await next)();
    expect(mutex.isLocked).toBe(false);
  });

  it('ignores a second release of the same grant', async () => {
    const mutex = new AsyncMutex();
    const release = await mutex.acquire(1000);
    const second = mutex.acquire(1000);
    release();
    const releaseSecond = await second;
    release(); // must not unlock what the second holder now owns
    expect(mutex.isLocked).toBe(true);
    releaseSecond();
    expect(mutex.isLocked).toBe(false);
  });

  it('rejects waiters and later acquirers once closed', async () => {
    const mutex = new AsyncMutex();
    await mutex.acquire(1000);
    const waiting = mutex.acquire(1000);
    mutex.close(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    await expect(mutex.acquire(1000)).rejects.toThrow('closed');
  });
});
