import { int, loadConfig } from '@mp/config';
import { carrierSimulatorConfigSchema } from '@mp/carrier-simulator';
import { standaloneHostConfigSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...carrierSimulatorConfigSchema,
  GRPC_PORT: int({ default: 50059, min: 0, max: 65535 }),
  HTTP_PORT: int({ default: 9109, min: 0, max: 65535 }),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
