import { loadConfig } from '@mp/config';
import { callbackIngressConfigSchema, providerCallbackConfigSchema } from '@mp/provider-callback';
import { standaloneHostConfigSchema, standalonePortsSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...providerCallbackConfigSchema,
  // On its own it serves the callback paths over HTTP too (the callback ingress); the all-in-one leaves them to the gateway.
  ...callbackIngressConfigSchema,
  ...standalonePortsSchema('provider-callback'),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
