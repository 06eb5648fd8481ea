import type { ApiResponse } from './support/api-client';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';

// Issue 27 point 10: the headers a JSON API behind TLS sends (OWASP REST
// Security Cheat Sheet), on ordinary answers and on problems alike.

let booted: BootedPlatform;
beforeAll(async () => {
  booted = await sharedPlatform();
});

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
};

function expectSecurityHeaders(res: ApiResponse): void {
  const sent = Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, res.headers.get(name)]));
  expect(sent).toEqual(EXPECTED);
  expect(res.headers.get('x-powered-by')).toBeNull();
}

describe('security headers', () => {
  it('are sent on an ordinary answer, with the rate-limit headers', async () => {
    const res = await booted.api.get('/openapi/public.json');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(res.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
  });

  it('are sent on a problem answer and on an unknown route', async () => {
    const unauthorized = await booted.api.get('/v1/auth/me', { token: 'not-a-token' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expectSecurityHeaders(unauthorized);
    const unknown = await booted.api.get('/v1/no-such-route');
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown);
  });

  it('are sent on the YAML document and the health routes', async () => {
    for (const path of ['/openapi/public.yaml', '/healthz', '/readyz']) {
      const res = await booted.api.get(path);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
    }
  });
});
