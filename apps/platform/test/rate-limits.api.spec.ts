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

describe('rate limits', () => {
  it('limits a credential, then the address across credentials, with Retry-After and retryAfterSeconds', async () => {
    const token = `made-up-${Date.now()}`;
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await booted.api.get('/v1/auth/me', { token });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(last!.body.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(last!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(last!.body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get('retry-after')).toBe(String(last!.body.retryAfterSeconds));

    // Another credential from the same address is not limited by the first one's count (6th request of the address)...
    expect((await booted.api.get('/v1/auth/me', { token: `${token}-other` })).status).toBe(401);
    // A carrier's callbacks from the same address neither count nor are refused: they answer by their signature.
    for (let i = 0; i < 3; i++) expect(await unsignedReceipt()).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    // ...but the address is: requests 7 and 8 pass, the 9th is refused whatever it presents.
    expect((await booted.api.get('/healthz')).status).toBe(200);
    expect((await booted.api.get('/healthz')).status).toBe(200);
    const refused = await booted.api.get('/healthz');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(await unsignedReceipt()).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });
});
