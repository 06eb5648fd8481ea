import { optionalStr } from '@mp/config';
import type { CarrierConnection } from './carrier-connection';
import { loadCarrierConnections } from './load-connections';

/** The variables connections are read from, in each service that reads them: messaging sends, provider-callback verifies callbacks. */
export const carrierConnectionsConfigSchema = {
  CARRIER_CONNECTIONS: optionalStr({
    secret: true,
    description: 'JSON array of carrier connections (SMPP binds, HTTP carriers for SMS, WhatsApp Cloud API, Twilio); they replace CARRIER_API_URL for SMS',
  }),
  CARRIER_CONNECTIONS_FILE: optionalStr({ description: 'path to a JSON or YAML file of carrier connections (instead of CARRIER_CONNECTIONS)' }),
} as const;

export interface CarrierConnectionsConfig {
  readonly CARRIER_CONNECTIONS?: string;
  readonly CARRIER_CONNECTIONS_FILE?: string;
}

/** The connections operators configure; undefined when neither variable is set. */
export function carrierConnectionsOf(config: CarrierConnectionsConfig): readonly CarrierConnection[] | undefined {
  // A connection's `passwordEnv` names a variable of the process's environment.
  return loadCarrierConnections({ ...process.env, CARRIER_CONNECTIONS: config.CARRIER_CONNECTIONS, CARRIER_CONNECTIONS_FILE: config.CARRIER_CONNECTIONS_FILE });
}
