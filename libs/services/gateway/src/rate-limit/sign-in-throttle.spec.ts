import { DomainError } from '@mp/problems';
import { MemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';
import { SignInThrottle } from './sign-in-throttle';

const NOW = 1_700_000_000_000; // 20 s into a minute
const limits = { perIpPerMinute: 5, perAccountPerMinute: 2 };

async function outcome(p: Promise<void>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof DomainError ? e.code : 'thrown';
  }
}

describe('SignInThrottle', () => {
  it('knows the throttled routes by method and path', () => {
    const t = new SignInThrottle(new MemoryRateLimitStore(), limits);
    expect(t.routeOf('POST', '/v1/auth/login')).toBe('sign-in');
    expect(t.routeOf('POST', '/v1/auth/login/')).toBe('sign-in');
    expect(t.routeOf('POST', '/v1/auth/external-login')).toBe('sign-in');
    expect(t.routeOf('POST', '/v1/auth/login/mfa/webauthn/options')).toBe('sign-in');
    expect(t.routeOf('POST', '/v1/register')).toBe('sign-in');
    expect(t.routeOf('POST', '/v1/email-otp/issue')).toBe('code');
    expect(t.routeOf('POST', '/v1/auth/mfa/step-up')).toBe('code');
    expect(t.routeOf('GET', '/v1/auth/login')).toBeUndefined();
    expect(t.routeOf('POST', '/v1/auth/mfa/recovery-codes')).toBeUndefined();
    expect(t.routeOf('POST', '/v1/accounts/x/messages')).toBeUndefined();
  });

  it('names the account by normalised email first, else by the token of the step', () => {
    expect(SignInThrottle.accountOfBody({ email: '  Ann@Example.TEST ', password: 'x' })).toBe('email:ann@example.test');
    expect(SignInThrottle.accountOfBody({ mfaToken: 'm1', code: '123456' })).toBe('mfaToken:m1');
    expect(SignInThrottle.accountOfBody({ enrollmentToken: 'e1' })).toBe('enrollmentToken:e1');
    expect(SignInThrottle.accountOfBody({ refreshToken: 'r1' })).toBe('refreshToken:r1');
    expect(SignInThrottle.accountOfBody({ token: 't1' })).toBe('token:t1');
    expect(SignInThrottle.accountOfBody({ email: '', token: 't1' })).toBe('token:t1');
    expect(SignInThrottle.accountOfBody({ email: 42 })).toBeUndefined();
    expect(SignInThrottle.accountOfBody(undefined)).toBeUndefined();
    expect(SignInThrottle.accountOfBody('text')).toBeUndefined();
  });

  it('refuses an account over its limit with RATE_LIMITED and retryAfterSeconds, others still pass', async () => {
    const t = new SignInThrottle(new MemoryRateLimitStore(), limits);
    const ip = '10.0.0.1';
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await outcome(t.check({ ip, account: 'email:a@x.test' }, NOW)));
    expect(results).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    const refused = await t.check({ ip, account: 'email:a@x.test' }, NOW).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429, extensions: { retryAfterSeconds: 40 } });
    expect(await outcome(t.check({ ip, account: 'email:b@x.test' }, NOW))).toBe('ok');
  });

  it('refuses an address over its limit with IP_THROTTLED whatever account it names, until the window ends', async () => {
    const t = new SignInThrottle(new MemoryRateLimitStore(), limits);
    const ip = '10.0.0.2';
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await outcome(t.check({ ip, account: `email:u${i}@x.test` }, NOW)));
    expect(results).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'IP_THROTTLED']);
    const refused = await t.check({ ip }, NOW + 1000).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'IP_THROTTLED', status: 429, extensions: { retryAfterSeconds: 39 } });
    expect(await outcome(t.check({ ip: '10.0.0.3' }, NOW))).toBe('ok');
    expect(await outcome(t.check({ ip }, NOW + 40_000))).toBe('ok');
  });

  it('does not count a refused address against the account it names', async () => {
    const t = new SignInThrottle(new MemoryRateLimitStore(), { perIpPerMinute: 1, perAccountPerMinute: 2 });
    expect(await outcome(t.check({ ip: 'attacker', account: 'email:victim@x.test' }, NOW))).toBe('ok');
    for (let i = 0; i < 5; i++) expect(await outcome(t.check({ ip: 'attacker', account: 'email:victim@x.test' }, NOW))).toBe('IP_THROTTLED');
    expect(await outcome(t.check({ ip: 'owner', account: 'email:victim@x.test' }, NOW))).toBe('ok');
  });

  it('lets a store failure through to the caller (the middleware decides to fail open)', async () => {
    const broken: RateLimitStore = { hit: () => Promise.reject(new Error('ECONNREFUSED')), ping: async () => undefined, close: async () => undefined };
    await expect(new SignInThrottle(broken, limits).check({ ip: 'x' }, NOW)).rejects.toThrow('ECONNREFUSED');
  });
});
