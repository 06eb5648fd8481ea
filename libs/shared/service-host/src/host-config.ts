import { bool, hostPort, int, list, oneOf, optionalStr, str, url } from '@mp/config';

/** Names of the services, as used for schemas, addresses and logs. */
export const SERVICE_NAMES = [
  'identity',
  'messaging',
  'replies',
  'consent',
  'routing',
  'webhook-dispatcher',
  'provider-callback',
  'tendlc',
  'carrier-simulator',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** `webhook-dispatcher` -> `WEBHOOK_DISPATCHER_GRPC_URL`. */
export const addressVariable = (name: ServiceName) => `${name.toUpperCase().replace(/-/g, '_')}_GRPC_URL`;

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
  KAFKA_BROKERS: list({ optional: true, description: 'Kafka brokers; the embedded event log when unset' }),
  OTEL_TRACES_EXPORTER: oneOf(['none', 'console'] as const, { default: 'none' }),
  GRPC_DEADLINE_MS: int({ default: 10_000, min: 100 }),
};

/** A standalone service app: its own ports. */
export const standaloneHostConfigSchema = {
  ...runtimeConfigSchema,
  ...serviceAddressSchema,
  GRPC_HOST: str({ default: '0.0.0.0' }),
  GRPC_PORT: int({ min: 0, max: 65535 }),
  HTTP_PORT: int({ min: 0, max: 65535, description: '/healthz and /readyz' }),
  SERVICE_INSTANCE: optionalStr(),
};
