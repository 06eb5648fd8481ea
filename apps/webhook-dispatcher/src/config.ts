import { loadConfig } from '@mp/config';
import { webhookDispatcherConfigSchema } from '@mp/webhook-dispatcher';
import { standaloneHostConfigSchema, standalonePortsSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...webhookDispatcherConfigSchema,
  ...standalonePortsSchema('webhook-dispatcher'),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
