import type { Clock } from '@mp/smpp';
import { ConnectionPacer } from './connection-pacer';

function fakeClock(): Clock & { t: number } {
  const clock = { t: 0, now: () => clock.t, sleep: async (ms: number) => void (clock.t += ms) };
  return clock;
}

/** The most segments in any one-second window (t − 1000, t]. */
function busiestSecond(takes: Array<[number, number]>): number {
  return Math.max(...takes.map(([end]) => takes.filter(([t]) => t > end - 1000 && t <= end).reduce((sum, [, n]) => sum + n, 0)));
}

describe('ConnectionPacer', () => {
  it('holds the configured segments per second, counting a payload part as all its segments', async () => {
    const clock = fakeClock();
    const pacer = new ConnectionPacer(5, { clock });
    const takes: Array<[number, number]> = [];
    for (const n of [1, 1, 3, 1, 1, 3, 1, 3, 1, 1]) {
      await pacer.take(n);
      takes.push([clock.now(), n]);
    }
    expect(takes).toHaveLength(10);
    expect(busiestSecond(takes)).toBeLessThanOrEqual(5);
  });

  it('takes more segments than a second allows a second at a time', async () => {
    const clock = fakeClock();
    const pacer = new ConnectionPacer(2, { clock, guardMs: 0 });
    await pacer.take(5);
    expect(clock.now()).toBe(2000);
  });

  it('a throttle halves the rate for slowdownMs, throttles a second later halve it further, then it comes back', async () => {
    const clock = fakeClock();
    const pacer = new ConnectionPacer(40, { clock, slowdownMs: 10_000, guardMs: 0 });
    pacer.slowDown();
    pacer.slowDown(); // the same burst: one signal
    expect([pacer.ratePerSecond, pacer.slowedUntil]).toEqual([20, 10_000]);
    clock.t = 1000;
    pacer.slowDown();
    expect([pacer.ratePerSecond, pacer.slowedUntil]).toEqual([10, 11_000]);
    const start = clock.now();
    for (let i = 0; i < 30; i++) await pacer.take(1);
    expect(clock.now() - start).toBe(2000); // 10, 10, 10: the slowed rate, not 40
    clock.t = 11_000;
    expect([pacer.ratePerSecond, pacer.slowedUntil]).toEqual([40, undefined]);
    for (let i = 0; i < 10; i++) {
      pacer.slowDown();
      clock.t += 1000;
    }
    expect(pacer.ratePerSecond).toBe(1);
  });

  it('keeps a spent segment spent 1 050 ms by default: a guard for the jitter the SMSC sees our writes with', async () => {
    const clock = fakeClock();
    const pacer = new ConnectionPacer(3, { clock });
    for (let i = 0; i < 7; i++) await pacer.take(1);
    expect(clock.now()).toBe(2100);
  });

  it('paces a fractional rate at its integer part and never below one a second', () => {
    expect(new ConnectionPacer(7.9).configuredPerSecond).toBe(7);
    expect(new ConnectionPacer(0.5).configuredPerSecond).toBe(1);
  });
});
