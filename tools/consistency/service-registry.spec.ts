import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@mp/config';
import {
  addressVariable,
  CARRIER_SIMULATOR_LISTENERS,
  createServiceClients,
  DEPLOYED_APPS,
  GATEWAY_APP,
  SERVICE_NAMES,
  SERVICE_REGISTRY,
} from '@mp/service-host';
import { serviceSkeleton } from '../generators/service-skeleton';
import { composeServices, k8sApp, k8sBaseApps, localEnv, ROOT } from './deploy-files';

// Everything that names a service or its ports follows SERVICE_REGISTRY (issue 8 point 4).
const appConfig = (app: string): Promise<{ configSchema: Record<string, never> }> => import(join(ROOT, 'apps', app, 'src', 'config'));
const sorted = (values: Iterable<string>) => [...values].sort();
/** host:port of each SMPP connection in a CARRIER_CONNECTIONS value. */
const smppTargets = (connections: string | undefined) =>
  (JSON.parse(connections ?? '[]') as Array<{ protocol: string; host: string; port: number }>).filter((c) => c.protocol === 'smpp').map((c) => `${c.host}:${c.port}`);
/** The Cloud API addresses of the WhatsApp connections: the simulator's fake, on its carrier API port. */
const cloudApiTargets = (connections: string | undefined) =>
  (JSON.parse(connections ?? '[]') as Array<{ protocol: string; baseUrl: string }>).filter((c) => c.protocol === 'whatsapp-cloud').map((c) => c.baseUrl);

describe('the service registry is followed by', () => {
  it('host config and the service clients', () => {
    expect(SERVICE_NAMES).toEqual(SERVICE_REGISTRY.map((s) => s.name));
    // One typed client per registry service (the lazy getters; functions such as admin() aside).
    const clients = createServiceClients({}, {} as never); // lazy: no call is made, so no signer is needed
    const perService = Object.keys(clients).filter((k) => Object.getOwnPropertyDescriptor(clients, k)?.get);
    expect(sorted(perService)).toEqual(sorted(SERVICE_NAMES));
    clients.close();
  });

  it.each(SERVICE_REGISTRY.map((s) => [s.name, s] as const))('apps/%s: its default ports', async (name, entry) => {
    const { configSchema } = await appConfig(name);
    const config = loadConfig({ GRPC_PORT: configSchema.GRPC_PORT, HTTP_PORT: configSchema.HTTP_PORT }, {}) as Record<string, unknown>;
    expect({ GRPC_PORT: config.GRPC_PORT, HTTP_PORT: config.HTTP_PORT }).toEqual({ GRPC_PORT: entry.grpcPort, HTTP_PORT: entry.healthPort });
  });

  it('the apps folder, eslint scopes and the all-in-one platform', () => {
    // Every deployed app has a host whose main.ts and config.ts are the generator's (carrier-simulator adds its listeners).
    for (const s of SERVICE_REGISTRY) {
      const generated = Object.fromEntries(serviceSkeleton(s.name).map((f) => [f.path, f.content]));
      const main = `apps/${s.name}/src/main.ts`;
      const moduleNamed = (text: string) => text.replace(/\b\w+Service\b/g, '<module>'); // tendlc's module is tenDlcService
      expect({ main, text: moduleNamed(readFileSync(join(ROOT, main), 'utf8')) }).toEqual({ main, text: moduleNamed(generated[main]) });
      expect(readFileSync(join(ROOT, `apps/${s.name}/src/config.ts`), 'utf8')).toContain(`...standalonePortsSchema('${s.name}')`);
    }
    // eslint.config.js gives each app its own scope (loaded by node as eslint loads it: jest cannot run tsx's loader).
    const probe = `const c = require('./eslint.config.js').find((x) => x.rules?.['@nx/enforce-module-boundaries']);
      console.log(JSON.stringify(c.rules['@nx/enforce-module-boundaries'][1].depConstraints.map((d) => d.sourceTag)));`;
    const tags = JSON.parse(execFileSync(process.execPath, ['-e', probe], { cwd: ROOT, encoding: 'utf8' })) as string[];
    const scopes = tags.filter((t) => t.startsWith('scope:'));
    for (const app of DEPLOYED_APPS) expect(scopes).toContain(`scope:${app}`);
    // apps/platform starts every service module.
    const platform = readFileSync(join(ROOT, 'apps/platform/src/platform.ts'), 'utf8');
    for (const s of SERVICE_REGISTRY) expect({ service: s.name, imported: platform.includes(`from '@mp/${s.name}'`) }).toEqual({ service: s.name, imported: true });
  });

  it('docker-compose.yml: one service per app, its ports and every address', () => {
    const compose = composeServices();
    for (const s of SERVICE_REGISTRY) {
      const env = compose[s.name]?.environment;
      expect({ app: s.name, GRPC_PORT: env?.GRPC_PORT, HTTP_PORT: env?.HTTP_PORT }).toEqual({ app: s.name, GRPC_PORT: `${s.grpcPort}`, HTTP_PORT: `${s.healthPort}` });
    }
    expect(compose[GATEWAY_APP.name].environment.PORT).toBe(`${GATEWAY_APP.httpPort}`);
    for (const app of DEPLOYED_APPS) {
      for (const s of SERVICE_REGISTRY) expect({ app, [addressVariable(s.name)]: compose[app].environment[addressVariable(s.name)] }).toEqual({ app, [addressVariable(s.name)]: `${s.name}:${s.grpcPort}` });
    }
    const sim = compose['carrier-simulator'].environment;
    expect([sim.SIM_HTTP_PORT, sim.SMTP_PORT]).toEqual([`${CARRIER_SIMULATOR_LISTENERS.carrierApiPort}`, `${CARRIER_SIMULATOR_LISTENERS.smtpPort}`]);
    expect(compose.messaging.environment.CARRIER_API_URL).toBe(`http://carrier-simulator:${CARRIER_SIMULATOR_LISTENERS.carrierApiPort}`);
    // SMS over SMPP: messaging binds to the simulator's SMSC where it listens.
    expect(sim.SMSC_PORT).toBe(`${CARRIER_SIMULATOR_LISTENERS.smscPort}`);
    expect(smppTargets(compose.messaging.environment.CARRIER_CONNECTIONS)).toEqual([`carrier-simulator:${CARRIER_SIMULATOR_LISTENERS.smscPort}`]);
    expect(cloudApiTargets(compose.messaging.environment.CARRIER_CONNECTIONS)).toEqual([`http://carrier-simulator:${CARRIER_SIMULATOR_LISTENERS.carrierApiPort}`]);
    // provider-callback verifies those connections' callbacks: the same list.
    expect(compose['provider-callback'].environment.CARRIER_CONNECTIONS).toBe(compose.messaging.environment.CARRIER_CONNECTIONS);
  });

  it('the k8s base: one directory per app, ConfigMap, Deployment and Service ports, every address', () => {
    expect(sorted(k8sBaseApps())).toEqual(sorted(DEPLOYED_APPS));
    for (const s of SERVICE_REGISTRY) {
      const k8s = k8sApp(s.name);
      expect({ app: s.name, config: [k8s.configMap.GRPC_PORT, k8s.configMap.HTTP_PORT], container: [k8s.containerPorts.grpc, k8s.containerPorts.http], service: [k8s.servicePorts.grpc, k8s.servicePorts.http] }).toEqual({
        app: s.name,
        config: [`${s.grpcPort}`, `${s.healthPort}`],
        container: [s.grpcPort, s.healthPort],
        service: [s.grpcPort, s.healthPort],
      });
    }
    const gateway = k8sApp(GATEWAY_APP.name);
    expect([gateway.configMap.PORT, gateway.containerPorts.http, gateway.servicePorts.http]).toEqual([`${GATEWAY_APP.httpPort}`, GATEWAY_APP.httpPort, GATEWAY_APP.httpPort]);
    const sim = k8sApp('carrier-simulator');
    expect([sim.configMap.SIM_HTTP_PORT, sim.containerPorts['carrier-api'], sim.servicePorts['carrier-api']]).toEqual([
      `${CARRIER_SIMULATOR_LISTENERS.carrierApiPort}`,
      CARRIER_SIMULATOR_LISTENERS.carrierApiPort,
      CARRIER_SIMULATOR_LISTENERS.carrierApiPort,
    ]);
    const smsc = CARRIER_SIMULATOR_LISTENERS.smscPort;
    expect([sim.configMap.SMSC_PORT, sim.containerPorts.smpp, sim.servicePorts.smpp]).toEqual([`${smsc}`, smsc, smsc]);
    for (const app of DEPLOYED_APPS) {
      const configMap = k8sApp(app).configMap;
      for (const s of SERVICE_REGISTRY) expect({ app, [addressVariable(s.name)]: configMap[addressVariable(s.name)] }).toEqual({ app, [addressVariable(s.name)]: `${s.name}:${s.grpcPort}` });
    }
  });

  it('deploy/local.env: every service on localhost at its registry port', () => {
    const env = localEnv();
    for (const s of SERVICE_REGISTRY) expect(env[addressVariable(s.name)]).toBe(`localhost:${s.grpcPort}`);
    expect(env.CARRIER_API_URL).toBe(`http://localhost:${CARRIER_SIMULATOR_LISTENERS.carrierApiPort}`);
    expect(env.CARRIER_CALLBACK_URL).toBe(`http://localhost:${GATEWAY_APP.httpPort}`);
    expect(env.SMSC_PORT).toBe(`${CARRIER_SIMULATOR_LISTENERS.smscPort}`);
    expect(smppTargets(env.CARRIER_CONNECTIONS)).toEqual([`127.0.0.1:${CARRIER_SIMULATOR_LISTENERS.smscPort}`]);
    expect(cloudApiTargets(env.CARRIER_CONNECTIONS)).toEqual([`http://localhost:${CARRIER_SIMULATOR_LISTENERS.carrierApiPort}`]);
  });
});
