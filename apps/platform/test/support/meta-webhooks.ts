import { createHmac } from 'node:crypto';

/** `X-Hub-Signature-256` as Meta sends it: `sha256=` and the lowercase hex HMAC of the raw body with the app secret. */
export const metaSignature = (body: string, appSecret: string): string => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

const digits = (e164: string) => e164.replace(/^\+/, '');

/**
 * A webhook POST of the `messages` field with one change (developers.facebook.com …/webhooks/reference/messages):
 * `value` carries its `statuses`, or its `contacts` and `messages`, beside `messaging_product` and `metadata`.
 */
export function metaWebhook(change: { businessAccountId?: string; phoneNumberId: string; displayNumber: string; value: Record<string, unknown> }): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: change.businessAccountId ?? '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: digits(change.displayNumber), phone_number_id: change.phoneNumberId },
              ...change.value,
            },
          },
        ],
      },
    ],
  });
}

/** One status of our message (…/reference/messages/status), `extra` beside it (a `failed` status's `errors`). */
export function metaStatusWebhook(s: { phoneNumberId: string; displayNumber: string; wamid: string; status: string; to: string; at?: Date; extra?: Record<string, unknown> }): string {
  const timestamp = String(Math.floor((s.at ?? new Date()).getTime() / 1000));
  return metaWebhook({
    phoneNumberId: s.phoneNumberId,
    displayNumber: s.displayNumber,
    value: { statuses: [{ id: s.wamid, status: s.status, timestamp, recipient_id: digits(s.to), ...s.extra }] },
  });
}

/** One customer message (…/reference/messages/text, …/interactive): `message` is its type's part (`type`, `text` or `interactive`, `context`). */
export function metaMessageWebhook(m: {
  businessAccountId?: string;
  phoneNumberId: string;
  wamid: string;
  from: string;
  to: string;
  at?: Date;
  name?: string;
  message: Record<string, unknown>;
}): string {
  const timestamp = String(Math.floor((m.at ?? new Date()).getTime() / 1000));
  return metaWebhook({
    businessAccountId: m.businessAccountId,
    phoneNumberId: m.phoneNumberId,
    displayNumber: m.to,
    value: {
      contacts: [{ profile: { name: m.name ?? 'Kerry Fisher' }, wa_id: digits(m.from) }],
      messages: [{ from: digits(m.from), id: m.wamid, timestamp, ...m.message }],
    },
  });
}
