import { createLogger, initTelemetry, withSpan, type LogLevel } from './index';

beforeAll(() => initTelemetry());

function recording(level: LogLevel = 'debug', base: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const logger = createLogger(level, base, (line) => lines.push(line));
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, entries };
}

/** What a refused connect() rejects with on a dual-stack host: one inner error per address tried. */
function refusedConnection(): AggregateError {
  const inner = [
    Object.assign(new Error('connect ECONNREFUSED ::1:9'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect', address: '::1', port: 9 }),
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect', address: '127.0.0.1', port: 9 }),
  ];
  return Object.assign(new AggregateError(inner), { code: 'ECONNREFUSED' });
}

describe('createLogger', () => {
  it('writes one JSON line with time, level, base fields, message and fields, honouring the level', () => {
    const { logger, entries } = recording('info', { app: 'a' });
    logger.debug('hidden');
    logger.info('shown', { n: 1 });
    logger.child({ service: 's' }).warn('from a child');
    expect(entries()).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', app: 'a', message: 'shown', n: 1 },
      { time: expect.any(String), level: 'warn', app: 'a', service: 's', message: 'from a child' },
    ]);
  });

  it('carries trace_id and span_id of the active span, and none outside a trace', async () => {
    const { logger, entries } = recording();
    logger.info('before');
    await withSpan('x', { traceparent: '00-2af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }, async (span) => {
      logger.info('inside');
      expect(entries()[1]).toMatchObject({ trace_id: '2af7651916cd43dd8448eb211c80319c', span_id: span.spanContext().spanId });
    });
    logger.info('after');
    const [before, , after] = entries();
    for (const entry of [before, after]) {
      expect(entry).not.toHaveProperty('trace_id');
      expect(entry).not.toHaveProperty('span_id');
      expect(entry).not.toHaveProperty('traceId');
    }
  });

  it('logs an error with its code and its cause chain', () => {
    const { logger, entries } = recording();
    const root = Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND', hostname: 'db.internal' });
    const middle = Object.assign(new Error('pool could not connect', { cause: root }), { code: 'POOL_CONNECT' });
    logger.error('start-up failed', { error: new Error('database unavailable', { cause: middle }) });
    expect(entries()[0].error).toMatchObject({
      type: 'Error',
      message: 'database unavailable',
      stack: expect.stringContaining('database unavailable'),
      cause: { message: 'pool could not connect', code: 'POOL_CONNECT', cause: { message: 'getaddrinfo ENOTFOUND db.internal', code: 'ENOTFOUND', hostname: 'db.internal' } },
    });
  });

  it("logs an AggregateError's inner errors with address, port and code, and a message made of theirs", () => {
    const { logger, entries } = recording();
    logger.error('carrier call failed', { error: refusedConnection() });
    expect(entries()[0].error).toMatchObject({
      type: 'AggregateError',
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED ::1:9; connect ECONNREFUSED 127.0.0.1:9',
      errors: [
        { message: 'connect ECONNREFUSED ::1:9', code: 'ECONNREFUSED', syscall: 'connect', address: '::1', port: 9 },
        { message: 'connect ECONNREFUSED 127.0.0.1:9', code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port: 9 },
      ],
    });
  });

  it('does not throw on a BigInt, a circular field or a circular cause', () => {
    const { logger, entries } = recording();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as Error & { cause?: unknown }).cause = b;
    const shared = { x: 1 };
    expect(() => logger.info('odd fields', { big: 2n ** 70n, loop, error: a, twice: [shared, shared], when: new Date(0), bytes: Buffer.from('body') })).not.toThrow();
    expect(entries()[0]).toMatchObject({
      big: '1180591620717411303424',
      loop: { name: 'loop', self: '[Circular]' },
      error: { message: 'a', cause: { message: 'b', cause: '[Circular]' } },
      twice: [{ x: 1 }, { x: 1 }],
      when: '1970-01-01T00:00:00.000Z',
      bytes: '[4 bytes]',
    });
  });

  describe('redacts secrets', () => {
    const secrets = {
      authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      'x-api-key': 'mpk_0123456789ABCDEFGHIJabcdefghij01',
      password: 'correct horse',
      newPassword: 'battery staple',
      accessToken: 'opaque-access-token-value',
      refresh_token: 'opaque-refresh-token-value',
      signingSecret: 'whsec_signing',
      CALLBACK_SECRET_SIM: 'sandbox-sim-secret',
      privateKey: '-----BEGIN PRIVATE KEY-----',
    };

    it.each(Object.entries(secrets))('a field named %s, at any depth', (name, value) => {
      const { logger, lines, entries } = recording();
      logger.info('request', { [name]: value, request: { headers: { [name]: value } } });
      logger.child({ [name]: value }).info('child');
      expect(lines.join('\n')).not.toContain(value);
      expect(entries()[0]).toMatchObject({ [name]: '[REDACTED]', request: { headers: { [name]: '[REDACTED]' } } });
      expect(entries()[1]).toMatchObject({ [name]: '[REDACTED]' });
    });

    it('a URL with credentials in the message, a field, an error message and its stack', () => {
      const { logger, lines, entries } = recording();
      const url = 'postgres://app:s3cret@db:5432/messaging';
      logger.error(`cannot reach ${url}`, { target: url, nested: { urls: [url] }, error: new Error(`connect to ${url} failed`) });
      expect(lines.join('\n')).not.toContain('s3cret');
      const [entry] = entries();
      expect(entry).toMatchObject({
        message: 'cannot reach postgres://app:[REDACTED]@db:5432/messaging',
        target: 'postgres://app:[REDACTED]@db:5432/messaging',
        nested: { urls: ['postgres://app:[REDACTED]@db:5432/messaging'] },
        error: { message: 'connect to postgres://app:[REDACTED]@db:5432/messaging failed' },
      });
    });

    it('keeps fields that only name a secret', () => {
      const { logger, entries } = recording();
      logger.info('rotated', { tokenId: 't-1', secretId: 's-1', apiKeyId: 'k-1' });
      expect(entries()[0]).toMatchObject({ tokenId: 't-1', secretId: 's-1', apiKeyId: 'k-1' });
    });
  });

  it("is silent at 'silent'", () => {
    const { logger, lines } = recording('silent');
    logger.error('nothing');
    expect(lines).toEqual([]);
  });
});
