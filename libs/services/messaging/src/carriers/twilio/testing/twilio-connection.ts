import { sealConnection, type TwilioConnection } from '@mp/carrier-connections';

export const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
export const AUTH_TOKEN = 'f00dfeedcafe4b1d9e2a7c3b5d6e8f90';
export const SERVICE_SID = 'MG0123456789abcdef0123456789abcdef';

/** A sealed `twilio` connection as parse-connections.ts makes one, pointed at `baseUrl`. */
export function twilioConnection(baseUrl: string, fields: Partial<TwilioConnection> = {}): TwilioConnection {
  return sealConnection<TwilioConnection>({
    name: 'twilio-us',
    protocol: 'twilio',
    channel: 'Sms',
    numbers: ['+1*'],
    priority: 1,
    baseUrl,
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    publicBaseUrl: 'https://messaging.example.com',
    timeoutSeconds: 5,
    ...fields,
  });
}
