import { SANDBOX_WHATSAPP_CLOUD } from '../cloud-api-settings';

export interface CloudAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * POSTs `body` to the fake's `sendMessage` the way the platform's
 * WhatsAppCloudCarrier does (its headers: bearer token, JSON, a name/x.y.z
 * User-Agent), with the sandbox token and phone number id unless told otherwise.
 */
export async function sendToCloudApi(
  baseUrl: string,
  body: unknown,
  options: { token?: string | null; phoneNumberId?: string; apiVersion?: string } = {},
): Promise<CloudAnswer> {
  const token = options.token === undefined ? SANDBOX_WHATSAPP_CLOUD.accessToken : options.token;
  const path = `/${options.apiVersion ?? 'v23.0'}/${options.phoneNumberId ?? SANDBOX_WHATSAPP_CLOUD.phoneNumberId}/messages`;
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': 'messaging-platform/0.1.0',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** A text message as the platform's adapter builds it (its message-body.ts; CARRIERS.md 2.1). */
export const textMessage = (to: string, body: string, quotes?: string) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: to.replace(/\D/g, ''),
  ...(quotes ? { context: { message_id: quotes } } : {}),
  type: 'text',
  text: { body, preview_url: false },
});
