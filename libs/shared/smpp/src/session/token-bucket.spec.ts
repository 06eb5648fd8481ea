import { TokenBucket, type Clock } from './token-bucket';

/** A clock whose sleep advances time at once. */
function fakeClock(): Clock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => void (clock.t += ms),
  };
  return clock;
}

/** The most takes in any one-second window (t − 1000, t]. */
function busiestSecond(times: number[]): number {
  return Math.max(...times.map((end) => times.filter((t) => t > end - 1000 && t <= end).length));
}

describe('TokenBucket', () => {
  it('never lets a one-second window exceed the rate, with takes arriving all at once', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket(10, clock);
    const times: number[] = [];
    await Promise.all(Array.from({ length: 35 }, () => bucket.take().then(() => times.push(clock.now()))));
    expect(times).toHaveLength(35);
    expect(busiestSecond(times)).toBe(10);
    expect(Math.max(...times)).toBe(3000); // 10 at 0, 1000, 2000, 5 at 3000: as fast as the rate allows
  });

  it('holds the rate when takes trickle in at uneven times (no double burst across a refill)', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket(5, clock);
    const times: number[] = [];
    for (const gap of [0, 900, 0, 0, 0, 0, 50, 50, 0, 0, 0, 400, 0, 0, 0, 0, 0, 0, 700, 0, 0]) {
      clock.t += gap;
      await bucket.take();
      times.push(clock.now());
    }
    expect(busiestSecond(times)).toBeLessThanOrEqual(5);
  });

  it('takes several segments at once and refuses more than the rate', () => {
    const clock = fakeClock();
    const bucket = new TokenBucket(4, clock);
    expect(bucket.tryTake(3)).toBe(true);
    expect(bucket.tryTake(2)).toBe(false);
    expect(bucket.waitFor(2)).toBe(1000);
    clock.t = 999;
    expect(bucket.tryTake(2)).toBe(false);
    clock.t = 1000;
    expect(bucket.tryTake(4)).toBe(true);
    expect(() => bucket.tryTake(5)).toThrow(RangeError);
    expect(() => new TokenBucket(0)).toThrow(RangeError);
  });

  it('with a period above a second, a spent token stays spent that long (a guard against the peer\'s jitter)', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket(2, clock, 1050);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await bucket.take();
      times.push(clock.now());
    }
    expect(times).toEqual([0, 0, 1050, 1050, 2100]);
    expect(() => new TokenBucket(2, clock, 999)).toThrow(RangeError);
  });
});
