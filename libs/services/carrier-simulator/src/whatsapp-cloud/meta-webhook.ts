import { createHmac } from 'node:crypto';
import type { CloudApiSettings } from './cloud-api-settings';
import { waIdOf } from './cloud-ids';

/** Meta's webhook `entry[].changes[].value` for the fake's number, with what it carries (`statuses`, or `contacts` and `messages`). */
export function metaWebhook(settings: CloudApiSettings, displayNumber: string, carries: Record<string, unknown>): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: settings.businessAccountId,
        changes: [
          {
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: waIdOf(displayNumber), phone_number_id: settings.phoneNumberId }, ...carries },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/**
 * The bytes Meta would send: JSON with every non-ASCII character as `\uXXXX`
 * and `/` as `\/`. A receiver that re-serialises before checking the signature
 * then fails here as it would with Meta (CARRIERS.md 2.3).
 */
export function metaJson(payload: unknown): Buffer {
  const text = JSON.stringify(payload)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
  return Buffer.from(text, 'utf8');
}

/** `X-Hub-Signature-256`: `sha256=` and the lowercase hex HMAC-SHA256 of exactly the bytes sent, under the app secret. */
export function metaSignatureHeaders(appSecret: string, body: Buffer): Record<string, string> {
  return { 'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`, 'user-agent': 'facebookexternalua' };
}

/** Where the platform takes a connection's Meta webhooks: `/v1/webhooks/carriers/{connection}`. */
export const metaWebhookUrl = (callbackBaseUrl: string, connectionName: string) =>
  `${callbackBaseUrl.replace(/\/+$/, '')}/v1/webhooks/carriers/${encodeURIComponent(connectionName)}`;

/** Meta's `timestamp`: Unix seconds, as a string. */
export const unixSeconds = (at: Date | string) => String(Math.floor(new Date(at).getTime() / 1000));
