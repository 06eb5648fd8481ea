import { loadConfig } from '@mp/config';
import { providerCallbackConfigSchema } from '@mp/provider-callback';
import { standaloneHostConfigSchema, standalonePortsSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...providerCallbackConfigSchema,
  ...standalonePortsSchema('provider-callback'),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
