import { seededRandom } from '@mp/service-host';
import { retryDelaySeconds } from './retry-schedule.rules';

const exact = () => 0;

describe('webhook retry schedule (spec 6.3 rule 3)', () => {
  it('retries after about 10 s, 30 s, 90 s and 5 min, then stops', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(n, undefined, exact))).toEqual([10, 30, 90, 300, undefined]);
  });

  it('spreads deliveries that failed together within 10% after each delay, never before it', () => {
    const random = seededRandom(6);
    for (const [made, delay] of [[1, 10], [2, 30], [3, 90], [4, 300]] as const) {
      const delays = Array.from({ length: 100 }, () => retryDelaySeconds(made, undefined, random)!);
      expect(new Set(delays).size).toBe(100);
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(delay);
      expect(Math.max(...delays)).toBeLessThan(delay * 1.1);
    }
  });

  it('waits exactly for a later Retry-After, up to the longest delay; an earlier one changes nothing', () => {
    expect(retryDelaySeconds(1, 120)).toBe(120);
    expect(retryDelaySeconds(1, 3600)).toBe(300);
    const early = retryDelaySeconds(2, 5)!;
    expect(early >= 30 && early < 33).toBe(true);
  });
});
