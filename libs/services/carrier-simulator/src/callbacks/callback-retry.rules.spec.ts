import { retryDelaySeconds } from './callback-retry.rules';

describe('retryDelaySeconds', () => {
  it('doubles from one second', () => {
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([1, 2, 4, 8, 16]);
  });

  it('is capped at five minutes, even after very many failures', () => {
    expect(retryDelaySeconds(9)).toBe(256);
    expect(retryDelaySeconds(10)).toBe(300);
    expect(retryDelaySeconds(10_000)).toBe(300);
  });
});
