import { RETRY_JITTER_RATIO, seededRandom } from '@mp/service-host';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from './backoff';

const exact = (failures: number) => retryDelayMs(failures, () => 0);

describe('retryDelayMs', () => {
  it('doubles from 2 seconds after the first failure', () => {
    expect([1, 2, 3, 4, 5].map(exact)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
  });

  it('is capped at 5 minutes', () => {
    expect(MAX_RETRY_DELAY_MS).toBe(300_000);
    expect(exact(8)).toBe(256_000);
    expect(exact(9)).toBe(300_000);
    expect(exact(10_000)).toBe(300_000);
  });

  it('spreads messages that failed together up to 10% later, never earlier', () => {
    const random = seededRandom(1);
    const delays = Array.from({ length: 100 }, () => retryDelayMs(3, random));
    expect(new Set(delays).size).toBeGreaterThan(90);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(8_000);
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(8_000 * (1 + RETRY_JITTER_RATIO));
  });
});
