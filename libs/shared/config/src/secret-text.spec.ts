import { ConfigError, loadConfig, redactSecretText, str, url } from './index';

function problemsOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('start-up errors never print a secret', () => {
  const schema = {
    DATABASE_URL: url({ optional: true, protocols: ['postgres', 'postgresql'], secret: true }),
    CARRIER_API_KEY: str({ secret: true }),
    SMTP_URL: url({ optional: true, protocols: ['smtp', 'smtps'] }),
  };

  it('names a malformed secret URL with its host and without its password', () => {
    const message = problemsOf(() => loadConfig(schema, { DATABASE_URL: 'postgres://u:s3cret@db:99999/x', CARRIER_API_KEY: 'k' }));
    expect(message).toContain('DATABASE_URL must be a URL, got "postgres://u:[REDACTED]@db:99999/x"');
    expect(message).not.toContain('s3cret');
  });

  it('masks a password holding `@` and a secret URL of the wrong scheme', () => {
    const message = problemsOf(() => loadConfig(schema, { DATABASE_URL: 'mysql://admin:p@ss@db/x', CARRIER_API_KEY: 'k' }));
    expect(message).toContain('DATABASE_URL must use postgres or postgresql');
    expect(message).not.toContain('p@ss');
  });

  it('masks credentials in a URL that is not marked secret', () => {
    const message = problemsOf(() => loadConfig(schema, { SMTP_URL: 'smtp://mailer:hunter22@mail:70000', CARRIER_API_KEY: 'k' }));
    expect(message).toContain('SMTP_URL must be a URL, got "smtp://mailer:[REDACTED]@mail:70000"');
    expect(message).not.toContain('hunter22');
  });

  it('never echoes a secret that is not a URL', () => {
    const bad = { CARRIER_API_KEY: { description: '', secret: true, optional: false, parse: (raw?: string) => { throw new Error(`must be 32 characters, got "${raw}"`); } } };
    const message = problemsOf(() => loadConfig(bad, { CARRIER_API_KEY: 'sk-live-abcdef' }));
    expect(message).toContain('CARRIER_API_KEY must be 32 characters, got "[REDACTED]"');
    expect(message).not.toContain('sk-live-abcdef');
  });
});

describe('redactSecretText', () => {
  it.each([
    ['postgres://u:s3cret@db:5432/x', 'postgres://u:[REDACTED]@db:5432/x', 's3cret'],
    ['redis://:pw0rd@cache:6379', 'redis://:[REDACTED]@cache:6379', 'pw0rd'],
    ['connect to https://user:pa55@example.test/path failed', 'connect to https://user:[REDACTED]@example.test/path failed', 'pa55'],
    ['Authorization: Bearer abcdefghijklmnop0123', 'Authorization: Bearer [REDACTED]', 'abcdefghijklmnop0123'],
    ['GET /hook?token=t0k3n&x=1', 'GET /hook?token=[REDACTED]&x=1', 't0k3n'],
    ['key mpk_0123456789ABCDEFGHIJabcdefghij01 used', 'key mpk_[REDACTED] used', '0123456789ABCDEFGHIJabcdefghij01'],
  ])('%s', (text, redacted, secret) => {
    expect(redactSecretText(text)).toBe(redacted);
    expect(redactSecretText(text)).not.toContain(secret);
  });

  it('leaves prose and URLs without credentials alone', () => {
    for (const text of ['This operation does not accept Bearer credentials.', 'http://localhost:8080/v1/messages?page=2', 'user@example.com']) {
      expect(redactSecretText(text)).toBe(text);
    }
  });
});
