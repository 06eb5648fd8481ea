import { loadConfig } from '@mp/config';
import { chooseDatabase, refuseUnsharedStorage } from './adapters';
import { runtimeConfigSchema } from './host-config';
import { SERVICE_REGISTRY } from './service-registry';

describe('refuseUnsharedStorage', () => {
  it('refuses a service with neither DATABASE_URL nor KAFKA_BROKERS, naming both and EMBEDDED', () => {
    expect(() => refuseUnsharedStorage('messaging', { KAFKA_BROKERS: [] })).toThrow(
      /^messaging: neither DATABASE_URL nor KAFKA_BROKERS is set.*EMBEDDED=true/,
    );
  });

  it('lets it start with either store, or when EMBEDDED=true asks for a private one', () => {
    expect(() => refuseUnsharedStorage('messaging', { DATABASE_URL: 'postgres://db/x' })).not.toThrow();
    expect(() => refuseUnsharedStorage('messaging', { KAFKA_BROKERS: ['kafka:9092'] })).not.toThrow();
    expect(() => refuseUnsharedStorage('messaging', { EMBEDDED: true })).not.toThrow();
  });
});

describe('the PostgreSQL pool per schema', () => {
  const poolMaxOf = async (env: Record<string, string>) => {
    const config = loadConfig(runtimeConfigSchema, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', ...env }) as never;
    const databases = chooseDatabase(config);
    const max = (databases.forSchema('pool_probe').client.config.pool as { max: number }).max;
    await databases.close();
    return max;
  };

  it('comes from DATABASE_POOL_MAX', async () => {
    expect(await poolMaxOf({ DATABASE_POOL_MAX: '3' })).toBe(3);
  });

  it("defaults to a size at which every service fits PostgreSQL's default max_connections=100 with room to spare", async () => {
    const perService = (await poolMaxOf({})) + 1; // its pool plus the /readyz connection
    expect(perService * SERVICE_REGISTRY.length).toBeLessThanOrEqual(60);
  });
});
