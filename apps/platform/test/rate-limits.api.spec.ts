import type { ApiResponse } from './support/api-client';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;

// One platform for both limits: per credential 3, per address 8 requests a minute.
beforeAll(async () => {
  booted = await bootPlatform({
    RATE_LIMIT_PER_IP_PER_MINUTE: '8',
    RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: '3',
    // Its own counters: other suites' platforms share the Redis and the loopback address.
    RATE_LIMIT_KEY_PREFIX: `test:rl:${Date.now()}:`,
  });
  // Windows are fixed minutes of real time: start well inside one so the counts below hold.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
});
afterAll(() => booted.stop());

/** A receipt callback with no signature, as anyone could post it: answered by the callback's own checks. */
async function unsignedReceipt(): Promise<{ status: number; code: string }> {
  const res = await booted.api.post('/v1/webhooks/carriers/sim/receipts', { rawBody: '{}', headers: { 'content-type': 'application/json' } });
  return { status: res.status, code: res.body.code };
}

/** The IETF RateLimit header fields of an answer (draft-ietf-httpapi-ratelimit-headers-06/07 form). */
const rateLimitHeaders = (res: ApiResponse) => ({
  limit: res.headers.get('ratelimit-limit'),
  remaining: res.headers.get('ratelimit-remaining'),
  reset: Number(res.headers.get('ratelimit-reset')),
});

describe('rate limits', () => {
  it('limits a credential, then the address across credentials, with RateLimit headers, Retry-After and retryAfterSeconds', async () => {
    const token = `made-up-${Date.now()}`;
    const answers: ApiResponse[] = [];
    for (let i = 0; i < 5; i++) answers.push(await booted.api.get('/v1/auth/me', { token }));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429, 429]);
    // Each answer reports the policy closest to refusing: the credential's (3 a minute), counting down.
    expect(answers.map((a) => [a.headers.get('ratelimit-limit'), a.headers.get('ratelimit-remaining')])).toEqual([
      ['3', '2'],
      ['3', '1'],
      ['3', '0'],
      ['3', '0'],
      ['3', '0'],
    ]);
    for (const a of answers) {
      expect(rateLimitHeaders(a).reset).toBeGreaterThanOrEqual(1);
      expect(rateLimitHeaders(a).reset).toBeLessThanOrEqual(60);
    }
    expect(answers.slice(0, 3).map((a) => a.headers.get('retry-after'))).toEqual([null, null, null]);
    const last = answers[4];
    expect(last.body.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(last.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(last.body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(last.headers.get('retry-after')).toBe(String(last.body.retryAfterSeconds));
    expect(rateLimitHeaders(last).reset).toBe(last.body.retryAfterSeconds);

    // Another credential from the same address is not limited by the first one's count (6th request of the address)...
    expect((await booted.api.get('/v1/auth/me', { token: `${token}-other` })).status).toBe(401);
    // A carrier's callbacks from the same address neither count nor are refused: they answer by their signature.
    for (let i = 0; i < 3; i++) expect(await unsignedReceipt()).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    // ...but the address is: requests 7 and 8 pass, the 9th is refused whatever it presents.
    // (an answer without a credential reports the address's policy, 8 a minute)
    const seventh = await booted.api.get('/healthz');
    expect(seventh.status).toBe(200);
    expect(rateLimitHeaders(seventh)).toMatchObject({ limit: '8', remaining: '1' });
    expect(seventh.headers.get('retry-after')).toBeNull();
    expect((await booted.api.get('/healthz')).status).toBe(200);
    const refused = await booted.api.get('/healthz');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(rateLimitHeaders(refused)).toMatchObject({ limit: '8', remaining: '0', reset: refused.body.retryAfterSeconds });
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfterSeconds));
    expect(await unsignedReceipt()).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });
});
