import { MAX_RETRY_DELAY_MS, retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('doubles from 2 seconds after the first failure', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
  });

  it('is capped at 5 minutes', () => {
    expect(MAX_RETRY_DELAY_MS).toBe(300_000);
    expect(retryDelayMs(8)).toBe(256_000);
    expect(retryDelayMs(9)).toBe(300_000);
    expect(retryDelayMs(10_000)).toBe(300_000);
  });
});
