/**
 * The one list of the platform's apps (issue 8 point 4). Everything that names
 * a service or its ports follows it: host config (SERVICE_NAMES, address
 * variables, default ports), service clients, apps/platform, eslint's module
 * boundaries, the standalone-apps test, docker-compose.yml, the k8s base and
 * deploy/local.env (service-registry.spec.ts fails when one disagrees), and
 * tools/generators/service-app.ts writes new services from it.
 *
 * Pure data, no imports: eslint.config.js loads this file too.
 */
export const SERVICE_REGISTRY = [
  { name: 'identity', grpcPort: 50051, healthPort: 9101 },
  { name: 'messaging', grpcPort: 50052, healthPort: 9102 },
  { name: 'replies', grpcPort: 50053, healthPort: 9103 },
  { name: 'consent', grpcPort: 50054, healthPort: 9104 },
  { name: 'routing', grpcPort: 50055, healthPort: 9105 },
  { name: 'webhook-dispatcher', grpcPort: 50056, healthPort: 9106 },
  { name: 'provider-callback', grpcPort: 50057, healthPort: 9107 },
  { name: 'tendlc', grpcPort: 50058, healthPort: 9108 },
  { name: 'carrier-simulator', grpcPort: 50059, healthPort: 9109 },
] as const;

export type ServiceEntry = (typeof SERVICE_REGISTRY)[number];
export type ServiceName = ServiceEntry['name'];

/** The public HTTP app: no gRPC server, its API and probes on one port. */
export const GATEWAY_APP = { name: 'gateway', httpPort: 8080 } as const;

/** The simulator's other listeners (standalone), besides gRPC and health; its SMSC's (SMPP) port is the deployment files' SMSC_PORT. */
export const CARRIER_SIMULATOR_LISTENERS = { carrierApiPort: 9180, smtpPort: 2525, smscPort: 2775 } as const;

/** Every app under apps/ that is deployed on its own (all but the all-in-one `platform`). */
export const DEPLOYED_APPS: readonly string[] = [GATEWAY_APP.name, ...SERVICE_REGISTRY.map((s) => s.name)];

/** `webhook-dispatcher` -> `WEBHOOK_DISPATCHER_GRPC_URL`: where the others reach it. */
export const addressVariable = (name: ServiceName) => `${name.toUpperCase().replace(/-/g, '_')}_GRPC_URL`;

export function serviceEntry(name: ServiceName): ServiceEntry {
  const entry = SERVICE_REGISTRY.find((s) => s.name === name);
  if (!entry) throw new Error(`unknown service ${name}`);
  return entry;
}
