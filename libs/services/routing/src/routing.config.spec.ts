import { loadConfig } from '@mp/config';
import { routingConfigSchema } from './routing.config';

describe('routing config', () => {
  it('defaults to +1555 numbers and the sandbox mail domain', () => {
    expect(loadConfig(routingConfigSchema, {})).toEqual({ SANDBOX_NUMBER_PREFIX: '+1555', SANDBOX_EMAIL_DOMAIN: 'sandbox.messaging.local' });
  });

  it('names a bad prefix or domain at start-up', () => {
    expect(() => loadConfig(routingConfigSchema, { SANDBOX_NUMBER_PREFIX: '1555' })).toThrow(/SANDBOX_NUMBER_PREFIX must be/);
    expect(() => loadConfig(routingConfigSchema, { SANDBOX_NUMBER_PREFIX: '+123456789' })).toThrow(/SANDBOX_NUMBER_PREFIX/);
    // +15 and 7 digits is nine digits under +1: no number has that length.
    expect(() => loadConfig(routingConfigSchema, { SANDBOX_NUMBER_PREFIX: '+15' })).toThrow(/SANDBOX_NUMBER_PREFIX must make numbers of a possible length/);
    expect(loadConfig(routingConfigSchema, { SANDBOX_NUMBER_PREFIX: '+44770' }).SANDBOX_NUMBER_PREFIX).toBe('+44770');
    expect(() => loadConfig(routingConfigSchema, { SANDBOX_EMAIL_DOMAIN: 'not a domain' })).toThrow(/SANDBOX_EMAIL_DOMAIN must be/);
  });
});
