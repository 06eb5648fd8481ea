import { loadConfig } from '@mp/config';
import { identityConfigSchema } from '@mp/identity';
import { standaloneHostConfigSchema, standalonePortsSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...identityConfigSchema,
  ...standalonePortsSchema('identity'),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
