import { loadConfig } from '@mp/config';
import { routingConfigSchema } from '@mp/routing';
import { standaloneHostConfigSchema, standalonePortsSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...routingConfigSchema,
  ...standalonePortsSchema('routing'),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
