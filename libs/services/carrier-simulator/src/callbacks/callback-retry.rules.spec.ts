import { RETRY_JITTER_RATIO, seededRandom } from '@mp/service-host';
import { retryDelaySeconds } from './callback-retry.rules';

const exact = (failures: number) => retryDelaySeconds(failures, () => 0);

describe('retryDelaySeconds', () => {
  it('doubles from one second', () => {
    expect([1, 2, 3, 4, 5].map(exact)).toEqual([1, 2, 4, 8, 16]);
  });

  it('is capped at five minutes, even after very many failures', () => {
    expect(exact(9)).toBe(256);
    expect(exact(10)).toBe(300);
    expect(exact(10_000)).toBe(300);
  });

  it('spreads callbacks that failed together up to 10% later, never earlier', () => {
    const random = seededRandom(2);
    const delays = Array.from({ length: 100 }, () => retryDelaySeconds(4, random));
    expect(new Set(delays).size).toBe(100);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(8);
    for (const delay of delays) expect(delay).toBeLessThan(8 * (1 + RETRY_JITTER_RATIO));
  });
});
