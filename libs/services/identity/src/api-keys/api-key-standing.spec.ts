import { apiKeyRefusal } from './api-key-standing';

const now = new Date('2030-06-01T00:00:00Z');
const live = { status: 'active' as const, expiresAt: null, accountStatus: 'active' };

describe('apiKeyRefusal', () => {
  it('accepts an active, unexpired key of an active account', () => {
    expect(apiKeyRefusal(live, now)).toBeNull();
    expect(apiKeyRefusal({ ...live, expiresAt: new Date('2030-06-01T00:00:01Z') }, now)).toBeNull();
  });

  it.each([
    [undefined, 'API_KEY_INVALID'],
    [{ ...live, status: 'revoked' as const }, 'API_KEY_REVOKED'],
    [{ ...live, status: 'deleted' as const }, 'API_KEY_DELETED'],
    [{ ...live, expiresAt: now }, 'API_KEY_EXPIRED'],
    [{ ...live, accountStatus: 'pending' }, 'ACCOUNT_INACTIVE'],
    [{ ...live, status: 'revoked' as const, expiresAt: new Date(0) }, 'API_KEY_REVOKED'],
  ])('%o -> %s', (key, code) => {
    expect(apiKeyRefusal(key, now)).toBe(code);
  });
});
