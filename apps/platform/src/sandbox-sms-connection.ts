import type { CarrierSimulatorEndpoints } from '@mp/carrier-simulator';
import type { PlatformConfig } from './config';

/**
 * Sandbox SMS goes over SMPP to the simulator's own SMSC (issue 28 point 1), so
 * `npm start` and every test run the SMPP code a production deployment runs.
 * Only when the operator named neither connections nor an HTTP carrier for SMS.
 * Pacing is set well above what the machine sends, so it never limits the bench; the
 * window is wide (50, Kannel's default is 10) because the SMSC answers each submit_sm
 * only once it has stored it, and dispatch keeps a window's worth in flight.
 */
export const SANDBOX_SMS_CONNECTION_NAME = 'sandbox';
const SANDBOX_THROUGHPUT_PER_SECOND = 10_000;
const SANDBOX_WINDOW = 50;

export function sandboxSmsConnections(config: PlatformConfig, endpoints: CarrierSimulatorEndpoints): string | undefined {
  if (config.CARRIER_CONNECTIONS !== undefined || config.CARRIER_CONNECTIONS_FILE !== undefined || config.CARRIER_API_URL !== undefined) return undefined;
  const smsc = endpoints.smsc;
  if (!smsc) return undefined; // SMSC_ENABLED=false: SMS over the simulator's HTTP API, as before
  return JSON.stringify([
    {
      name: SANDBOX_SMS_CONNECTION_NAME,
      protocol: 'smpp',
      channel: 'Sms',
      numbers: ['*'],
      priority: 1,
      host: smsc.host,
      port: smsc.port,
      systemId: config.SMSC_SYSTEM_ID,
      password: config.SMSC_PASSWORD,
      throughputPerSecond: SANDBOX_THROUGHPUT_PER_SECOND,
      window: SANDBOX_WINDOW,
    },
  ]);
}
