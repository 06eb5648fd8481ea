import { bool, ConfigError, hostPort, int, list, loadConfig, oneOf, optionalStr, redactConfig, str, url } from './index';

const schema = {
  PORT: int({ default: 8080, min: 0, max: 65535 }),
  SANDBOX: bool({ default: true }),
  NAME: str(),
  BROKERS: list({ optional: true }),
  BASE: url({ default: 'http://localhost:8080', protocols: ['http', 'https'] }),
  MODE: oneOf(['a', 'b'] as const, { default: 'a' }),
  TARGET: hostPort({ default: '127.0.0.1:50051' }),
  SECRET: str({ secret: true, default: 'x' }),
  MAYBE: optionalStr(),
};

describe('loadConfig', () => {
  it('applies defaults and parses types', () => {
    const c = loadConfig(schema, { NAME: 'n', BROKERS: 'a:1, b:2,', BASE: 'https://x.test/' });
    expect(c).toEqual({
      PORT: 8080,
      SANDBOX: true,
      NAME: 'n',
      BROKERS: ['a:1', 'b:2'],
      BASE: 'https://x.test',
      MODE: 'a',
      TARGET: '127.0.0.1:50051',
      SECRET: 'x',
      MAYBE: undefined,
    });
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig(schema, { PORT: '70000', SANDBOX: 'maybe', BASE: 'ftp://x', MODE: 'c', TARGET: 'nohost' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'SANDBOX', 'NAME is required', 'BASE', 'MODE', 'TARGET']) {
        expect(problems).toContain(name);
      }
    }
  });

  it('rejects a non-integer', () => {
    expect(() => loadConfig({ N: int() }, { N: '1.5' })).toThrow(/N must be a whole number/);
  });

  it('masks secrets when redacted', () => {
    const c = loadConfig(schema, { NAME: 'n', SECRET: 'topsecret' });
    expect(redactConfig(schema, c).SECRET).toBe('***');
    expect(JSON.stringify(redactConfig(schema, c))).not.toContain('topsecret');
  });
});
