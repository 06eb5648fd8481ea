import { afterFailedAttempt, MAX_MAIL_ATTEMPTS } from './mail-retry';

describe('mail retry backoff', () => {
  it('doubles the delay after each failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => afterFailedAttempt(n))).toEqual([
      { action: 'retry', delaySeconds: 15 },
      { action: 'retry', delaySeconds: 30 },
      { action: 'retry', delaySeconds: 60 },
      { action: 'retry', delaySeconds: 120 },
    ]);
  });

  it('caps the delay at an hour', () => {
    expect(afterFailedAttempt(9)).toEqual({ action: 'retry', delaySeconds: 3600 });
  });

  it('gives up after the tenth attempt', () => {
    expect(MAX_MAIL_ATTEMPTS).toBe(10);
    expect(afterFailedAttempt(10)).toEqual({ action: 'fail' });
  });
});
