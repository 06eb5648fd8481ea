import { int, loadConfig } from '@mp/config';
import { carrierSimulatorConfigSchema } from '@mp/carrier-simulator';
import { CARRIER_SIMULATOR_LISTENERS, standaloneHostConfigSchema, standalonePortsSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...carrierSimulatorConfigSchema,
  ...standalonePortsSchema('carrier-simulator'),
  // On its own the simulator listens where the documented set-up expects it, not on any free port.
  SIM_HTTP_PORT: int({ default: CARRIER_SIMULATOR_LISTENERS.carrierApiPort, min: 0, max: 65535, description: 'port of the simulated carrier API' }),
  SMTP_PORT: int({ default: CARRIER_SIMULATOR_LISTENERS.smtpPort, min: 0, max: 65535, description: 'port of the sandbox SMTP server' }),
  SMSC_PORT: int({ default: CARRIER_SIMULATOR_LISTENERS.smscPort, min: 0, max: 65535, description: 'port of the sandbox SMSC (SMPP)' }),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
