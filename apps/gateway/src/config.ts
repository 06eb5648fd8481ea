import { loadConfig } from '@mp/config';
import { gatewayConfigSchema } from '@mp/gateway';
import { callTokenSigningConfigSchema } from '@mp/grpc';
import { runtimeConfigSchema, serviceAddressSchema } from '@mp/service-host';

// The gateway keeps no data and consumes no events: it reads no storage settings.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { DATA_DIR, DATABASE_URL, DATABASE_POOL_MAX, KAFKA_BROKERS, KAFKA_SESSION_TIMEOUT_MS, ...gatewayRuntimeSchema } = runtimeConfigSchema;

/** The only place the gateway reads the environment. */
export const configSchema = { ...gatewayRuntimeSchema, ...serviceAddressSchema, ...gatewayConfigSchema, ...callTokenSigningConfigSchema };

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
