import { arrayAt, errorsAt, idAt, objectAt, Refused, textAt } from './webhook-fields';
import { parseMessage } from './whatsapp-message.parser';
import { parseStatus } from './whatsapp-status.parser';
import type { WhatsAppChange, WhatsAppWebhook, WhatsAppWebhookParse } from './whatsapp-webhook.types';

/**
 * The largest body taken: the callback ingress's own limit (1 MiB, its
 * CALLBACK_BODY_LIMIT), so this check holds wherever the bytes come from.
 */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
/** The most statuses and messages one body may carry: Meta batches up to 1 000 updates per POST. */
export const MAX_WEBHOOK_ITEMS = 1000;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Meta's WhatsApp webhook POST (`object: whatsapp_business_account`), taken
 * apart: every change of field `messages`, in Meta's order, with its statuses
 * and messages. The body is taken whole or refused whole with a reason (too
 * large, not JSON, another object, malformed with the place named); it never
 * throws. Check the signature first, over the same bytes.
 */
export function parseWhatsAppWebhook(rawBody: Buffer): WhatsAppWebhookParse {
  try {
    return { ok: true, webhook: readWebhook(rawBody) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: { reason: error.reason, detail: error.detail } };
    // Nothing else is expected; a refusal still, never an exception towards the route.
    return { ok: false, refusal: { reason: 'malformed', detail: 'The body could not be read.' } };
  }
}

function readWebhook(rawBody: Buffer): WhatsAppWebhook {
  if (!Buffer.isBuffer(rawBody)) throw new Refused('not-json', 'The body must be bytes.');
  if (rawBody.length > MAX_WEBHOOK_BYTES) throw new Refused('too-large', `The body is larger than ${MAX_WEBHOOK_BYTES} bytes.`);
  const body = objectAt(parseJson(rawBody), 'The body');
  if (body.object !== 'whatsapp_business_account') throw new Refused('wrong-object', 'object must be whatsapp_business_account.');
  const entries = arrayAt(body.entry, 'entry');
  if (entries.length === 0) throw new Refused('malformed', 'entry must not be empty.');

  const webhook: WhatsAppWebhook = { changes: [], otherFields: [] };
  let items = 0;
  entries.forEach((item, e) => {
    const entry = objectAt(item, `entry[${e}]`);
    const businessAccountId = idAt(entry.id, `entry[${e}].id`);
    const changes = arrayAt(entry.changes, `entry[${e}].changes`);
    if (changes.length === 0) throw new Refused('malformed', `entry[${e}].changes must not be empty.`);
    changes.forEach((c, i) => {
      const path = `entry[${e}].changes[${i}]`;
      const change = objectAt(c, path);
      const field = textAt(change.field, `${path}.field`, 64);
      if (field !== 'messages') {
        webhook.otherFields.push(field);
        return;
      }
      const read = readChange(objectAt(change.value, `${path}.value`), `${path}.value`, businessAccountId);
      items += read.statuses.length + read.messages.length;
      if (items > MAX_WEBHOOK_ITEMS) throw new Refused('too-large', `The body carries more than ${MAX_WEBHOOK_ITEMS} statuses and messages.`);
      webhook.changes.push(read);
    });
  });
  return webhook;
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(strictUtf8.decode(rawBody));
  } catch {
    throw new Refused('not-json', 'The body is not JSON in UTF-8.');
  }
}

function readChange(value: Record<string, unknown>, path: string, businessAccountId: string): WhatsAppChange {
  const metadata = objectAt(value.metadata, `${path}.metadata`);
  const statuses = arrayAt(value.statuses, `${path}.statuses`, true);
  const messages = arrayAt(value.messages, `${path}.messages`, true);
  // Counted before reading, so a huge array is refused without walking it.
  if (statuses.length + messages.length > MAX_WEBHOOK_ITEMS) throw new Refused('too-large', `The body carries more than ${MAX_WEBHOOK_ITEMS} statuses and messages.`);
  return {
    businessAccountId,
    phoneNumberId: idAt(metadata.phone_number_id, `${path}.metadata.phone_number_id`),
    displayPhoneNumber: textAt(metadata.display_phone_number, `${path}.metadata.display_phone_number`, 32),
    statuses: statuses.map((s, i) => parseStatus(s, `${path}.statuses[${i}]`)),
    messages: messages.map((m, i) => parseMessage(m, `${path}.messages[${i}]`)),
    errors: errorsAt(value.errors, `${path}.errors`),
  };
}
