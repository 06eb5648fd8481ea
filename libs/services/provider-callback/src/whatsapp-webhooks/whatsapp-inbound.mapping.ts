import { MAX_INBOUND_BODY_LENGTH } from '../carrier-inbound/carrier-inbound.rules';
import type { WhatsAppChange, WhatsAppMessage } from './whatsapp-webhook.types';

/** The fields of an inbound callback (carrier-inbound.rules toCarrierInbound) for one WhatsApp message. */
export interface WhatsAppInboundFields {
  eventId: string;
  carrierMessageId: string;
  channel: 'WhatsApp';
  /** The customer, E.164 when Meta gave a number. */
  from: string;
  /** The business number that received it (`metadata.display_phone_number`), E.164. */
  to: string;
  body: string;
  receivedAt: string;
  /** The quoted or answered wamid (`context.id`). */
  context?: { id: string };
}

/** What the customer tapped: a template quick-reply (`button`, its payload as id) or an interactive reply button or list row. */
export interface WhatsAppReplyChoice {
  kind: 'button' | 'button_reply' | 'list_reply';
  id: string;
  title: string;
}

export type WhatsAppInbound =
  | { ok: true; fields: WhatsAppInboundFields; reply?: WhatsAppReplyChoice; truncated: boolean }
  | { ok: false; reason: 'unsupported-type'; reported: string };

/**
 * One message of a change in the platform's inbound terms. The body is the
 * text, or the reply's title (what the customer saw and tapped); the reply's
 * id or payload travels beside it in `reply`, as the inbound record has no
 * field for it. A body over the record's limit is cut to it (code points),
 * and said so. Types not read here are answered as unsupported, by name.
 */
export function toWhatsAppInbound(message: WhatsAppMessage, change: Pick<WhatsAppChange, 'displayPhoneNumber'>): WhatsAppInbound {
  let body: string;
  let reply: WhatsAppReplyChoice | undefined;
  switch (message.type) {
    case 'text':
      body = message.text;
      break;
    case 'button':
      body = message.button.text;
      reply = { kind: 'button', id: message.button.payload, title: message.button.text };
      break;
    case 'interactive':
      body = message.reply.title;
      reply = { kind: message.reply.kind, id: message.reply.id, title: message.reply.title };
      break;
    default:
      return { ok: false, reason: 'unsupported-type', reported: message.reported };
  }
  const characters = [...body];
  const fields: WhatsAppInboundFields = {
    eventId: message.id,
    carrierMessageId: message.id,
    channel: 'WhatsApp',
    from: toE164(message.from),
    to: toE164(change.displayPhoneNumber),
    body: characters.slice(0, MAX_INBOUND_BODY_LENGTH).join(''),
    receivedAt: message.occurredAt,
    ...(message.contextId !== undefined ? { context: { id: message.contextId } } : {}),
  };
  return { ok: true, fields, ...(reply ? { reply } : {}), truncated: characters.length > MAX_INBOUND_BODY_LENGTH };
}

/**
 * Meta's numbers are digits without `+` (`16505551234`), a display number
 * may be spaced or dashed; both become E.164. Anything else (a business-scoped
 * user id) is kept as Meta gave it.
 */
export function toE164(value: string): string {
  const digits = value.replace(/[\s().-]/g, '');
  return /^\+?[1-9][0-9]{5,14}$/.test(digits) ? `+${digits.replace(/^\+/, '')}` : value;
}
