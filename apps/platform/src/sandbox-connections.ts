import type { CarrierSimulatorEndpoints } from '@mp/carrier-simulator';
import type { PlatformConfig } from './config';

/**
 * The sandbox's carrier connections, so `npm start` and every test run the
 * protocols a production deployment runs against the simulator:
 * - SMS over SMPP to its SMSC (issue 28 point 1), unless the operator named an
 *   HTTP carrier for SMS (CARRIER_API_URL) or SMSC_ENABLED is false.
 *   Pacing is set well above what the machine sends, so it never limits the
 *   bench; the window is wide (50, Kannel's default is 10) because the SMSC
 *   answers each submit_sm only once it has stored it, and dispatch keeps a
 *   window's worth in flight.
 * - WhatsApp over Meta's Cloud API to its fake (issue 29 point 6), whose
 *   signed webhooks (statuses, and sandbox inbound messages) come back to
 *   /v1/webhooks/carriers/{SIM_WHATSAPP_CONNECTION}.
 * None when the operator configured connections of their own.
 */
export const SANDBOX_SMS_CONNECTION_NAME = 'sandbox';
const SANDBOX_THROUGHPUT_PER_SECOND = 10_000;
const SANDBOX_WINDOW = 50;

export function sandboxConnections(config: PlatformConfig, endpoints: CarrierSimulatorEndpoints): string | undefined {
  if (config.CARRIER_CONNECTIONS !== undefined || config.CARRIER_CONNECTIONS_FILE !== undefined) return undefined;
  const connections: object[] = [];
  const smsc = endpoints.smsc;
  if (smsc && config.CARRIER_API_URL === undefined) {
    connections.push({
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
    });
  }
  connections.push({
    name: config.SIM_WHATSAPP_CONNECTION,
    protocol: 'whatsapp-cloud',
    channel: 'WhatsApp',
    numbers: ['*'],
    priority: 1,
    baseUrl: endpoints.httpUrl,
    phoneNumberId: config.SIM_WHATSAPP_PHONE_NUMBER_ID,
    accessToken: config.SIM_WHATSAPP_ACCESS_TOKEN,
    appSecret: config.SIM_WHATSAPP_APP_SECRET,
    // The fake never asks: Meta's handshake is for a real app's dashboard.
    verifyToken: 'sandbox-whatsapp-verify-token',
  });
  return JSON.stringify(connections);
}
