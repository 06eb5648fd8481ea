import { decideRefresh } from './refresh-decision';

const now = new Date('2030-01-01T12:00:00Z');
const later = new Date('2030-01-02T12:00:00Z');
const earlier = new Date('2029-12-31T12:00:00Z');

describe('decideRefresh', () => {
  it('rotates a fresh, unused token of a live family', () => {
    expect(decideRefresh({ usedAt: null, expiresAt: later, sessionRevokedAt: null }, now)).toBe('rotate');
  });

  it('treats an unknown token as invalid', () => {
    expect(decideRefresh(undefined, now)).toBe('unknown');
  });

  it('detects reuse of a token that was already rotated', () => {
    expect(decideRefresh({ usedAt: earlier, expiresAt: later, sessionRevokedAt: null }, now)).toBe('reuse');
  });

  it('still detects reuse when the rotated token has also expired', () => {
    expect(decideRefresh({ usedAt: earlier, expiresAt: earlier, sessionRevokedAt: null }, now)).toBe('reuse');
  });

  it('refuses every token of a revoked family, even the newest', () => {
    expect(decideRefresh({ usedAt: null, expiresAt: later, sessionRevokedAt: earlier }, now)).toBe('family-revoked');
  });

  it('expires a token at its expiry instant', () => {
    expect(decideRefresh({ usedAt: null, expiresAt: now, sessionRevokedAt: null }, now)).toBe('expired');
  });
});
