import { seededRandom } from '@mp/service-host';
import { afterFailedAttempt, MAX_MAIL_ATTEMPTS } from './mail-retry';

const exact = () => 0;

describe('mail retry backoff', () => {
  it('doubles the delay after each failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => afterFailedAttempt(n, exact))).toEqual([
      { action: 'retry', delaySeconds: 15 },
      { action: 'retry', delaySeconds: 30 },
      { action: 'retry', delaySeconds: 60 },
      { action: 'retry', delaySeconds: 120 },
    ]);
  });

  it('caps the delay at an hour', () => {
    expect(afterFailedAttempt(9, exact)).toEqual({ action: 'retry', delaySeconds: 3600 });
  });

  it('spreads mails that failed together up to 10% later, never earlier', () => {
    const random = seededRandom(3);
    const delays = Array.from({ length: 50 }, () => afterFailedAttempt(2, random)).map((o) => (o.action === 'retry' ? o.delaySeconds : NaN));
    expect(new Set(delays).size).toBe(50);
    for (const delay of delays) expect(delay >= 30 && delay < 33).toBe(true);
  });

  it('gives up after the tenth attempt', () => {
    expect(MAX_MAIL_ATTEMPTS).toBe(10);
    expect(afterFailedAttempt(10)).toEqual({ action: 'fail' });
  });
});
