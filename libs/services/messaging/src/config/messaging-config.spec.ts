import { ConfigError, loadConfig } from '@mp/config';
import { DEFAULT_PRICE_TABLE } from '../rules';
import { messagingConfigSchema } from './messaging-config';

describe('messagingConfigSchema', () => {
  it('has defaults for everything', () => {
    expect(loadConfig(messagingConfigSchema, {})).toEqual({
      CARRIER_API_URL: undefined,
      CARRIER_API_KEY: undefined,
      PRICE_TABLE: DEFAULT_PRICE_TABLE,
      DISPATCH_ENABLED: true,
      DISPATCH_MAX_ATTEMPTS: 5,
      DISPATCH_MAX_DEFERRALS: 10,
    });
  });

  it('reads the carrier, switches and a partial price table over the defaults', () => {
    const config = loadConfig(messagingConfigSchema, {
      CARRIER_API_URL: 'http://localhost:9109/',
      CARRIER_API_KEY: 'secret',
      PRICE_TABLE: '{"Sms":{"default":0.01}}',
      DISPATCH_ENABLED: 'false',
      DISPATCH_MAX_ATTEMPTS: '3',
    });
    expect(config).toMatchObject({ CARRIER_API_URL: 'http://localhost:9109', DISPATCH_ENABLED: false, DISPATCH_MAX_ATTEMPTS: 3 });
    expect(config.PRICE_TABLE).toEqual({ Sms: { default: 0.01 }, WhatsApp: DEFAULT_PRICE_TABLE.WhatsApp, Email: DEFAULT_PRICE_TABLE.Email });
  });

  it('names every bad variable', () => {
    expect(() =>
      loadConfig(messagingConfigSchema, { CARRIER_API_URL: 'ftp://x', PRICE_TABLE: '{"Fax":{}}', DISPATCH_MAX_ATTEMPTS: '0' }),
    ).toThrow(ConfigError);
    try {
      loadConfig(messagingConfigSchema, { CARRIER_API_URL: 'ftp://x', PRICE_TABLE: '{"Fax":{}}', DISPATCH_MAX_ATTEMPTS: '0' });
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(' ')[0])).toEqual(['CARRIER_API_URL', 'PRICE_TABLE', 'DISPATCH_MAX_ATTEMPTS']);
      expect((error as ConfigError).problems[1]).toContain('$.Fax');
    }
  });

  it('refuses the retired WHATSAPP_API_URL, naming what replaced it and not its value', () => {
    expect(() => loadConfig(messagingConfigSchema, { WHATSAPP_API_URL: '' })).not.toThrow();
    let problems: string[] = [];
    try {
      loadConfig(messagingConfigSchema, { WHATSAPP_API_URL: 'https://user:hunter22@wa.example.com' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(['WHATSAPP_API_URL is retired: configure a whatsapp-cloud connection (README)']);
  });

  it('marks the API key secret', () => {
    expect(messagingConfigSchema.CARRIER_API_KEY.secret).toBe(true);
  });
});
