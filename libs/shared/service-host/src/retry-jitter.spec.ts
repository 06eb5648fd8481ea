import { RETRY_JITTER_RATIO, seededRandom, withJitter } from './retry-jitter';

describe('retry jitter', () => {
  it('spreads delays that failed together over [delay, delay + 10%), never earlier', () => {
    const random = seededRandom(27);
    const delays = Array.from({ length: 1000 }, () => withJitter(10_000, random));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(10_000);
    expect(Math.max(...delays)).toBeLessThan(10_000 * (1 + RETRY_JITTER_RATIO));
    expect(new Set(delays).size).toBe(1000);
    // Spread over the band, not bunched at one end.
    expect(delays.filter((d) => d < 10_500).length).toBeGreaterThan(400);
    expect(delays.filter((d) => d >= 10_500).length).toBeGreaterThan(400);
  });

  it('is repeatable under a seed, and exact with no randomness', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([withJitter(1, a), withJitter(1, a)]).toEqual([withJitter(1, b), withJitter(1, b)]);
    expect(withJitter(300, () => 0)).toBe(300);
  });
});
