import type { CallbackForm } from '../callbacks/post-callbacks.job';
import type { InboundCallbackRow } from '../inbound/inbound-callbacks.repository';
import type { CloudApiSettings } from './cloud-api-settings';
import { isCloudMessageId, waIdOf } from './cloud-ids';
import { metaJson, metaSignatureHeaders, metaWebhook, metaWebhookUrl, unixSeconds } from './meta-webhook';

/**
 * A recipient's WhatsApp message as Meta's messages webhook (CARRIERS.md 2.3):
 * `contacts` and a text `messages` item, `context` when it quotes a message,
 * for the business number it was written to (`metadata.display_phone_number`:
 * the platform resolves the account's number from it).
 */
export function cloudInboundValue(row: InboundCallbackRow): Record<string, unknown> {
  const from = waIdOf(row.from_address);
  const message: Record<string, unknown> = { from, id: row.carrier_message_id, timestamp: unixSeconds(row.received_at), type: 'text', text: { body: row.body } };
  if (row.context_id !== null) message.context = { from: waIdOf(row.to_address), id: row.context_id };
  // The sandbox knows no profile name; the number stands in for it.
  return { contacts: [{ profile: { name: row.from_address }, wa_id: from }], messages: [message] };
}

/** The fake's inbound WhatsApp messages (wamids of its own, SIM_WHATSAPP_CLOUD_INBOUND), one signed webhook each. */
export function cloudInboundWebhook(settings: () => CloudApiSettings): CallbackForm<InboundCallbackRow> {
  return {
    takes: (row) => row.channel === 'WhatsApp' && isCloudMessageId(row.carrier_message_id),
    url: (base) => metaWebhookUrl(base, settings().connectionName),
    body: ([row]) => metaJson(metaWebhook(settings(), row.to_address, cloudInboundValue(row))),
    headers: (body) => metaSignatureHeaders(settings().appSecret, body),
    perPost: 1,
  };
}
