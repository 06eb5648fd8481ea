import { int, loadConfig } from '@mp/config';
import { tenDlcConfigSchema } from '@mp/tendlc';
import { standaloneHostConfigSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...tenDlcConfigSchema,
  GRPC_PORT: int({ default: 50058, min: 0, max: 65535 }),
  HTTP_PORT: int({ default: 9108, min: 0, max: 65535 }),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
