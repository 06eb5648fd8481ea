import { createLogger } from '@mp/telemetry';
import type { ApiClient, ApiResponse } from './support/api-client';
import { freePort } from './support/free-port';
import { freshDestination, signUp, type SignedUpUser } from './support/journeys';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

type LogLine = Record<string, unknown> & { level: string; message: string };

/** Every JSON line the platform writes, as an operator's log pipeline reads them. */
const lines: string[] = [];
const entries = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let smsPort: number;
let smtpPort: number;

beforeAll(async () => {
  // Ports nothing listens on: a connection to them is refused.
  smsPort = await freePort();
  smtpPort = await freePort();
  booted = await bootPlatform(
    // The carriers are down: the SMS carrier's HTTP API and the Email carrier's SMTP server refuse connections.
    { CARRIER_API_URL: `http://127.0.0.1:${smsPort}`, CARRIER_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DISPATCH_MAX_ATTEMPTS: '50' },
    createLogger('info', { app: 'platform' }, (line) => lines.push(line)),
  );
  api = booted.api;
  user = await signUp(api, 'operatorlogs');
});

afterAll(() => booted?.stop());

/** The access log line of one answered request, found by the trace id the answer carried. */
function accessLine(res: ApiResponse): LogLine {
  const traceId = res.headers.get('x-trace-id');
  const found = entries().filter((entry) => entry.trace_id === traceId && 'duration_ms' in entry);
  expect(found).toHaveLength(1);
  return found[0];
}

/** The error objects of a line's `error` field: itself, its inner errors and its causes. */
function errorsIn(value: unknown): Array<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) return [];
  const error = value as Record<string, unknown>;
  return [error, ...errorsIn(error.cause), ...(Array.isArray(error.errors) ? error.errors.flatMap(errorsIn) : [])];
}

describe('the gateway access log (issue 27 point 7)', () => {
  it('writes one line per request: method, route template, status, duration, caller kind, trace id; never the body', async () => {
    const password = 'not-my-password-9f3c';
    const refused = await api.post('/v1/auth/login', { body: { email: user.email, password } });
    expect(refused.status).toBe(401);
    const session = await api.get(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken });
    expect(session.status).toBe(200);
    const created = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'logs', rights: ['ReadMessages'] } });
    expect(created.status).toBe(201);
    const withKey = await api.get(`/v1/accounts/${user.accountId}/messages`, { apiKey: created.body.key });
    expect(withKey.status).toBe(200);
    const badKey = await api.get(`/v1/accounts/${user.accountId}/messages`, { apiKey: 'mpk_0123456789ABCDEFGHIJabcdefghij01' });
    expect(badKey.status).toBe(401);
    const callback = await api.post('/v1/webhooks/carriers/sim/receipts', { body: { receipts: [] }, headers: { 'x-signature': 'sha256=00' } });
    expect(callback.status).toBeGreaterThanOrEqual(400);
    const traceparent = '00-7af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const unmatched = await api.get('/v1/no-such-thing/42', { headers: { traceparent } });
    expect(unmatched.status).toBe(404);

    const messages = `/v1/accounts/:accountId/messages`;
    expect(accessLine(refused)).toMatchObject({ level: 'info', method: 'POST', route: '/v1/auth/login', status: 401, caller_kind: 'anonymous' });
    expect(accessLine(session)).toMatchObject({ method: 'GET', route: messages, status: 200, caller_kind: 'user_session', account_id: user.accountId });
    expect(accessLine(withKey)).toMatchObject({ method: 'GET', route: messages, status: 200, caller_kind: 'api_key', account_id: user.accountId });
    expect(accessLine(badKey)).toMatchObject({ route: messages, status: 401, caller_kind: 'api_key', authenticated: false });
    expect(accessLine(callback)).toMatchObject({ method: 'POST', route: '/v1/webhooks/carriers/:carrier/:kind', caller_kind: 'provider_callback', status: callback.status });
    expect(accessLine(unmatched)).toMatchObject({ route: 'unmatched', path: '/v1/no-such-thing/42', status: 404, trace_id: '7af7651916cd43dd8448eb211c80319c' });
    for (const res of [refused, session, withKey, badKey, callback, unmatched]) {
      const line = accessLine(res);
      expect(line.duration_ms).toEqual(expect.any(Number));
      expect(line.trace_id).toBe(res.headers.get('x-trace-id'));
      expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    }
    const all = lines.join('\n');
    for (const secret of [password, user.accessToken, created.body.key, 'mpk_0123456789ABCDEFGHIJabcdefghij01']) expect(all).not.toContain(secret);
  });
});

describe('a failed carrier call in the logs (issue 27 point 7)', () => {
  // nodemailer files a refused connection under its own code and keeps the system's as originalCode.
  it.each([
    ['Sms', () => freshDestination(), () => ({ code: 'ECONNREFUSED', address: '127.0.0.1', port: smsPort })],
    ['Email', () => `logs-${Date.now()}@example.test`, () => ({ code: 'ESOCKET', originalCode: 'ECONNREFUSED', address: '127.0.0.1', port: smtpPort })],
  ])('%s: the JSON lines name the refused address and ECONNREFUSED', async (channelType, destination, refused) => {
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, {
      token: user.accessToken,
      body: { channelType, destination: destination(), body: 'is anyone there?' },
    });
    expect(sent.status).toBe(201);
    const failed = await waitFor(
      async () => entries().find((entry) => entry.messageId === sent.body.messageId && entry.message === 'carrier submission failed; will retry'),
      (entry) => entry !== undefined,
      { what: `the ${channelType} carrier failure's log line`, timeoutMs: 30_000 },
    );
    // In the send's trace: the id its sender got in X-Trace-Id finds the carrier's failure.
    expect(failed).toMatchObject({ level: 'warn', reason: expect.stringContaining('ECONNREFUSED'), trace_id: sent.headers.get('x-trace-id') });
    expect(errorsIn(failed!.error)).toContainEqual(expect.objectContaining({ ...refused(), syscall: 'connect' }));
  });
});
