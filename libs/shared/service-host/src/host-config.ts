import { DEFAULT_POOL_MAX } from '@mp/db';
import { bool, hostPort, int, list, oneOf, optionalStr, str, url } from '@mp/config';
import { callTokenConfigSchema } from '@mp/grpc';
import { addressVariable, SERVICE_REGISTRY, serviceEntry, type ServiceName } from './service-registry';

export { addressVariable, type ServiceName } from './service-registry';

/** Names of the services, as used for schemas, addresses and logs (service-registry.ts). */
export const SERVICE_NAMES: readonly ServiceName[] = SERVICE_REGISTRY.map((s) => s.name);

/** Where the other services answer, one variable each (host:port). */
export const serviceAddressSchema = Object.fromEntries(
  SERVICE_NAMES.map((n) => [addressVariable(n), hostPort({ optional: true, description: `gRPC address of ${n}` })]),
) as Record<string, ReturnType<typeof hostPort>>;

/** What every host reads: storage, events, mode, logging. */
export const runtimeConfigSchema = {
  LOG_LEVEL: oneOf(['debug', 'info', 'warn', 'error', 'silent'] as const, { default: 'info' }),
  SANDBOX: bool({ default: false, description: 'sandbox mode: simulated carrier, sandbox clock and routes' }),
  DATA_DIR: str({ default: '.data', description: 'where embedded PGlite keeps its files' }),
  DATABASE_URL: url({ optional: true, protocols: ['postgres', 'postgresql'], secret: true, description: 'PostgreSQL; embedded PGlite when unset' }),
  DATABASE_POOL_MAX: int({ default: DEFAULT_POOL_MAX,
    min: 1,
    max: 100,
    // Nine services at 5 plus a /readyz connection each stay near 55 of PostgreSQL's default max_connections=100.
    description: 'PostgreSQL connections per service schema', }),
  KAFKA_BROKERS: list({ optional: true, description: 'Kafka brokers; the embedded event log when unset' }),
  KAFKA_SESSION_TIMEOUT_MS: int({
    default: 30_000,
    min: 6_000,
    max: 300_000,
    description: "how long a consumer group waits for a silent member before handing its partitions on (kafkajs' default 30 s)",
  }),
  SHUTDOWN_GRACE_MS: int({
    default: 25_000,
    min: 1_000,
    max: 600_000,
    // Below Kubernetes' default terminationGracePeriodSeconds (30 s), so the process exits before it is killed.
    description: 'how long a stop on SIGTERM/SIGINT may take before the process exits non-zero, logging what was left',
  }),
  OTEL_TRACES_EXPORTER: oneOf(['none', 'console', 'otlp'] as const, { default: 'none' }),
  GRPC_DEADLINE_MS: int({ default: 10_000, min: 100 }),
};

/** A standalone service app: its own ports. */
export const standaloneHostConfigSchema = {
  ...runtimeConfigSchema,
  ...serviceAddressSchema,
  // Signed call tokens: every call this service serves is verified, every call it makes is signed.
  ...callTokenConfigSchema,
  EMBEDDED: bool({
    default: false,
    description: 'true: run on a private embedded store and event log when neither DATABASE_URL nor KAFKA_BROKERS is set',
  }),
  GRPC_HOST: str({ default: '0.0.0.0' }),
  GRPC_PORT: int({ min: 0, max: 65535 }),
  HTTP_PORT: int({ min: 0, max: 65535, description: '/healthz and /readyz' }),
  SERVICE_INSTANCE: optionalStr(),
};

/** A service app's own ports, defaulting to its registry entry. */
export function standalonePortsSchema(name: ServiceName) {
  const entry = serviceEntry(name);
  return {
    GRPC_PORT: int({ default: entry.grpcPort, min: 0, max: 65535, description: 'gRPC port' }),
    HTTP_PORT: int({ default: entry.healthPort, min: 0, max: 65535, description: '/healthz and /readyz' }),
  };
}
