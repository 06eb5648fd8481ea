import { loadConfig } from '@mp/config';
import { gatewayConfigSchema } from '@mp/gateway';
import { runtimeConfigSchema, serviceAddressSchema } from '@mp/service-host';

/** The only place the gateway reads the environment. */
export const configSchema = { ...runtimeConfigSchema, ...serviceAddressSchema, ...gatewayConfigSchema };

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
