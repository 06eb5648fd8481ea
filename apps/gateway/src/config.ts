import { loadConfig } from '@mp/config';
import { gatewayConfigSchema } from '@mp/gateway';
import { callTokenSigningConfigSchema } from '@mp/grpc';
import { runtimeConfigSchema, serviceAddressSchema } from '@mp/service-host';

// The gateway keeps no data. It reads the event settings only to hear identity's AccessChanged
// (Kafka, or the embedded log in the shared PostgreSQL), for its API-key principal cache.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { DATA_DIR, ...gatewayRuntimeSchema } = runtimeConfigSchema;

/** The only place the gateway reads the environment. */
export const configSchema = { ...gatewayRuntimeSchema, ...serviceAddressSchema, ...gatewayConfigSchema, ...callTokenSigningConfigSchema };

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);

export type GatewayAppConfig = ReturnType<typeof loadAppConfig>;
