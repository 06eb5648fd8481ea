import { int, loadConfig } from '@mp/config';
import { identityConfigSchema } from '@mp/identity';
import { standaloneHostConfigSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...identityConfigSchema,
  GRPC_PORT: int({ default: 50051, min: 0, max: 65535 }),
  HTTP_PORT: int({ default: 9101, min: 0, max: 65535 }),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
