import { bool, int, str, url, type ConfigOf } from '@mp/config';
import type { CarrierSimulatorEndpoints } from './endpoints/carrier-simulator-endpoints';
import { SANDBOX_SMSC_CREDENTIALS } from './smsc/smsc-settings';

/** Environment the carrier simulator reads (composed by the apps with the host schema). */
export const carrierSimulatorConfigSchema = {
  SIM_HTTP_HOST: str({ default: '127.0.0.1', description: 'interface of the simulated carrier API' }),
  SIM_HTTP_PORT: int({ default: 0, min: 0, max: 65535, description: 'port of the simulated carrier API; 0 = any free port' }),
  SMTP_HOST: str({ default: '127.0.0.1', description: 'interface of the sandbox SMTP server' }),
  SMTP_PORT: int({ default: 0, min: 0, max: 65535, description: 'port of the sandbox SMTP server; 0 = any free port' }),
  CARRIER_CALLBACK_URL: url({
    optional: true,
    protocols: ['http', 'https'],
    description: 'base URL receipts are posted to (the gateway); receipts wait while unset',
  }),
  CALLBACK_SECRET_SIM: str({ default: 'sandbox-sim-secret', secret: true, description: 'HMAC key of the receipts it posts' }),
  SMSC_ENABLED: bool({ default: true, description: 'run the sandbox SMSC (SMPP 3.4) beside the HTTP carrier API' }),
  SMSC_HOST: str({ default: '127.0.0.1', description: 'interface of the sandbox SMSC' }),
  SMSC_PORT: int({ default: 0, min: 0, max: 65535, description: 'port of the sandbox SMSC (SMPP); 0 = any free port' }),
  SMSC_SYSTEM_ID: str({ default: SANDBOX_SMSC_CREDENTIALS.systemId, description: 'system_id an ESME binds to the sandbox SMSC with' }),
  SMSC_PASSWORD: str({ default: SANDBOX_SMSC_CREDENTIALS.password, secret: true, description: 'password an ESME binds to the sandbox SMSC with' }),
};

// `url({ optional: true })` is typed as a plain string by ConfigOf; say here that it may be absent.
type Parsed = ConfigOf<typeof carrierSimulatorConfigSchema>;
type SmscKeys = 'SMSC_ENABLED' | 'SMSC_HOST' | 'SMSC_PORT' | 'SMSC_SYSTEM_ID' | 'SMSC_PASSWORD';
// The SMSC's settings may be left out by a composer that builds the config by hand (their defaults apply: smscSettingsOf).
export type CarrierSimulatorConfig = Omit<Parsed, 'CARRIER_CALLBACK_URL' | SmscKeys> & Partial<Pick<Parsed, SmscKeys>> & {
  /** Read at every receipt pass, so a composer may supply it once the gateway has bound its port. */
  readonly CARRIER_CALLBACK_URL?: string;
  /** Not from the environment: filled with the bound HTTP and SMTP URLs when the module starts. */
  readonly endpoints?: CarrierSimulatorEndpoints;
};
