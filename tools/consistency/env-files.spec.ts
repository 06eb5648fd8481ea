import { join } from 'node:path';
import { addressVariable, DEPLOYED_APPS, SERVICE_NAMES } from '@mp/service-host';
import { composeServices, k8sApp, k8sSecretKeys, localEnv, ROOT } from './deploy-files';

// Issue 8 point 7: compose, the k8s base and deploy/local.env set only variables
// their app reads (its config.ts configSchema) and every variable it needs.

type Schema = Record<string, { parse(raw: string | undefined): unknown }>;
const schemaOf = async (app: string): Promise<Schema> => (await import(join(ROOT, 'apps', app, 'src', 'config'))).configSchema;

/** Required by the schema itself (no default), so start-up fails without it. */
const required = (schema: Schema) =>
  Object.keys(schema).filter((name) => {
    try {
      schema[name].parse(undefined);
      return false;
    } catch {
      return true;
    }
  });

/** What the distributed set needs beyond the schema's required fields (unset, each has a default that does not work there). */
const SERVICE_NEEDS = ['DATABASE_URL', 'KAFKA_BROKERS', 'SANDBOX', 'GRPC_PORT', 'HTTP_PORT'];
const NEEDS: Record<string, string[]> = {
  gateway: ['SANDBOX', 'PORT', 'PUBLIC_BASE_URL', 'REDIS_URL'],
  identity: [...SERVICE_NEEDS, 'PUBLIC_BASE_URL', 'SMTP_URL'],
  // SMS over SMPP to the simulator's SMSC (issue 28 point 6), on its fixed SMSC_PORT (the default 0 is any free port).
  messaging: [...SERVICE_NEEDS, 'CARRIER_API_URL', 'CARRIER_SMTP_URL', 'CARRIER_CONNECTIONS'],
  'provider-callback': [...SERVICE_NEEDS, 'CALLBACK_SECRET_SIM', 'CALLBACK_SECRET_STRIPE', 'CALLBACK_SECRET_TCR'],
  'carrier-simulator': [...SERVICE_NEEDS, 'SIM_HTTP_PORT', 'SMTP_PORT', 'SMSC_PORT', 'CARRIER_CALLBACK_URL', 'CALLBACK_SECRET_SIM'],
};
/** Listen addresses: local.env runs everything on one host, so the loopback defaults are right there. */
const CONTAINER_ONLY = ['SIM_HTTP_HOST', 'SMTP_HOST', 'SMSC_HOST'];
const CALL_TOKEN_VARIABLES = ['CALL_TOKEN_SIGNING_KEY', 'CALL_TOKEN_VERIFICATION_KEYS', 'STAFF_TOKEN_VERIFICATION_KEYS'];

async function needsOf(app: string): Promise<string[]> {
  const schema = await schemaOf(app);
  const addresses = SERVICE_NAMES.map(addressVariable);
  // The call-token keys are needed wherever the app reads them.
  const tokens = CALL_TOKEN_VARIABLES.filter((v) => v in schema);
  return [...new Set([...required(schema), ...(NEEDS[app] ?? SERVICE_NEEDS), ...addresses, ...tokens, ...(app === 'carrier-simulator' ? CONTAINER_ONLY : [])])].sort();
}

const unread = (set: string[], schema: Schema) => set.filter((v) => !(v in schema)).sort();
const missing = (set: string[], needs: string[]) => needs.filter((v) => !set.includes(v)).sort();

describe.each(DEPLOYED_APPS.map((app) => [app]))('%s', (app) => {
  it('docker-compose.yml sets exactly what it reads and needs', async () => {
    const set = Object.keys(composeServices()[app].environment);
    const schema = await schemaOf(app);
    expect({ unread: unread(set, schema), missing: missing(set, await needsOf(app)) }).toEqual({ unread: [], missing: [] });
  });

  it('the k8s base (ConfigMap and the Secret keys its Deployment names) sets exactly what it reads and needs', async () => {
    const k8s = k8sApp(app);
    const set = [...Object.keys(k8s.configMap), ...Object.keys(k8s.secretEnv)];
    const schema = await schemaOf(app);
    expect({ unread: unread(set, schema), missing: missing(set, await needsOf(app)) }).toEqual({ unread: [], missing: [] });
    const secretKeys = k8sSecretKeys();
    expect(Object.values(k8s.secretEnv).filter((key) => !secretKeys.includes(key))).toEqual([]);
    // Secrets stay out of ConfigMaps.
    expect(Object.keys(k8s.configMap).filter((v) => /SECRET|SIGNING_KEY|DATABASE_URL/.test(v))).toEqual([]);
  });

  it('deploy/local.env gives it what it needs', async () => {
    const set = Object.keys(localEnv());
    const local = (await needsOf(app)).filter((v) => !['GRPC_PORT', 'HTTP_PORT', 'PORT', ...CONTAINER_ONLY].includes(v));
    expect(missing(set, local)).toEqual([]);
  });
});

describe('deploy/local.env and the Secret', () => {
  it('set nothing that no app reads (the staff signing key is the staff tool’s)', async () => {
    const read = new Set<string>();
    for (const app of DEPLOYED_APPS) for (const name of Object.keys(await schemaOf(app))) read.add(name);
    read.add('STAFF_TOKEN_SIGNING_KEY'); // tools/scripts/account-hold.ts
    expect(Object.keys(localEnv()).filter((v) => !read.has(v))).toEqual([]);
    expect(k8sSecretKeys().filter((v) => !read.has(v))).toEqual([]);
    const named = new Set(DEPLOYED_APPS.flatMap((app) => Object.values(k8sApp(app).secretEnv)));
    expect(k8sSecretKeys().filter((key) => !named.has(key))).toEqual([]);
  });
});
