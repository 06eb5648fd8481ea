/** The carrier connections the harness's provider-callback verifies callbacks of: one per protocol that takes callbacks. */
export const META = {
  name: 'meta-a',
  protocol: 'whatsapp-cloud',
  channel: 'WhatsApp',
  numbers: ['+15550000001'],
  priority: 1,
  phoneNumberId: '106540352242922',
  accessToken: 'EAAtest-access-token',
  appSecret: 'meta-app-secret',
  verifyToken: 'meta-verify-token',
} as const;

/** A second WhatsApp number of the same Meta app (its webhooks come to whichever address the app has). */
export const META_B = { ...META, name: 'meta-b', numbers: ['+15550000002'], phoneNumberId: '106540352242999' } as const;

export const TWILIO = {
  name: 'twilio-a',
  protocol: 'twilio',
  channel: 'Sms',
  numbers: ['+15550000003'],
  priority: 1,
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'twilio-auth-token-0123456789abcdef',
  publicBaseUrl: 'https://callbacks.example.com',
} as const;

export const HTTP = {
  name: 'http-a',
  protocol: 'http',
  channel: 'Sms',
  numbers: ['+15550000004'],
  priority: 1,
  baseUrl: 'https://carrier.example.com',
  callbackSecret: 'http-a-callback-secret',
} as const;

export const TEST_CONNECTIONS = JSON.stringify([META, META_B, TWILIO, HTTP]);
