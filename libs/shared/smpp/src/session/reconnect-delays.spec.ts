import { reconnectDelays } from './reconnect-delays';

const take = (n: number, it: Iterator<number>) => Array.from({ length: n }, () => it.next().value as number);

describe('reconnectDelays', () => {
  it('doubles from the initial delay up to the cap', () => {
    expect(take(6, reconnectDelays({ initialMs: 1000, maxMs: 10_000, random: () => 0.5 }))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('spreads each delay by ± jitter so binds lost together do not return together', () => {
    expect(take(2, reconnectDelays({ initialMs: 1000, jitter: 0.2, random: () => 0 }))).toEqual([800, 1600]);
    expect(take(2, reconnectDelays({ initialMs: 1000, jitter: 0.2, random: () => 1 }))).toEqual([1200, 2400]);
    const spread = new Set(Array.from({ length: 20 }, () => reconnectDelays().next().value));
    expect(spread.size).toBeGreaterThan(1);
  });
});
