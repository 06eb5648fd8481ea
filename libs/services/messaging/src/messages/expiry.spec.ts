import { expireTransition, hasExpired } from './expiry';
import type { MessageRow } from './message.types';

const NOW = new Date('2026-03-01T12:00:00Z');

describe('expiry', () => {
  it.each([
    ['no expiresAt', null, false],
    ['a second ahead', new Date('2026-03-01T12:00:01Z'), false],
    ['exactly now', NOW, true],
    ['a second ago', new Date('2026-03-01T11:59:59Z'), true],
  ])('%s: expired=%s', (_name, expiresAt, expected) => {
    expect(hasExpired({ expires_at: expiresAt }, NOW)).toBe(expected);
  });

  it('the transition is final, clears the lease and names the check in the reason and the event', () => {
    const message = { id: 'm1', expires_at: new Date('2026-03-01T11:00:00Z') } as MessageRow;
    const transition = expireTransition({ id: 'm1', from: 'queued', claimToken: 't' }, message, 'retry');
    expect(transition).toMatchObject({
      to: 'expired',
      changes: { claimed_until: null, claim_token: null },
      audit: { event: 'expired' },
      event: { type: 'MessageExpired', reason: 'expiresAt 2026-03-01T11:00:00.000Z passed before the retry' },
    });
  });
});
