import { CallbackFieldErrors, isoDateTime, isRequiredText, MAX_ID_LENGTH } from '../ingest/callback-fields';

/** A recipient's message as a carrier posts it (DECISIONS "Callbacks": carrier inbound), checked. */
export interface CarrierInbound {
  eventId: string;
  carrierMessageId: string;
  channel: InboundChannel;
  /** The sender: E.164, or an email address. */
  from: string;
  /** The platform's number (or sender address) that received it. */
  to: string;
  body: string;
  /** ISO 8601, normalised to UTC. */
  receivedAt: string;
  /** WhatsApp: the carrier message id of the message it quotes (`context.id`). */
  contextId?: string;
}

export const INBOUND_CHANNELS = ['Sms', 'WhatsApp', 'Email'] as const;
export type InboundChannel = (typeof INBOUND_CHANNELS)[number];

const MAX_ADDRESS_LENGTH = 320; // an email address at its longest (local part and domain)
export const MAX_INBOUND_BODY_LENGTH = 4096;

const isChannel = (value: unknown): value is InboundChannel => typeof value === 'string' && (INBOUND_CHANNELS as readonly string[]).includes(value);

/**
 * Validates a parsed inbound callback; every problem is named in `errors`
 * (`context.id` for the quote) and summed up in the detail. The body's length
 * is counted in characters (code points); an empty body is refused.
 */
export function toCarrierInbound(body: Record<string, unknown>): CarrierInbound {
  const errors = new CallbackFieldErrors('carrier inbound message');

  for (const field of ['eventId', 'carrierMessageId'] as const) {
    if (!isRequiredText(body[field])) errors.add(field, `${field} must be a non-empty string of at most ${MAX_ID_LENGTH} characters.`);
  }
  if (!isChannel(body.channel)) errors.add('channel', `channel must be one of ${INBOUND_CHANNELS.join(', ')}.`);
  for (const field of ['from', 'to'] as const) {
    if (!isRequiredText(body[field], MAX_ADDRESS_LENGTH)) errors.add(field, `${field} must be a non-empty string of at most ${MAX_ADDRESS_LENGTH} characters.`);
  }
  const text = body.body;
  if (typeof text !== 'string' || text === '' || [...text].length > MAX_INBOUND_BODY_LENGTH) {
    errors.add('body', `body must be a non-empty string of at most ${MAX_INBOUND_BODY_LENGTH} characters.`);
  }
  const receivedAt = isoDateTime(body.receivedAt);
  if (!receivedAt) errors.add('receivedAt', 'receivedAt must be an ISO 8601 date-time with an offset.');
  const context = body.context ?? undefined;
  const contextId = typeof context === 'object' && !Array.isArray(context) ? (context as Record<string, unknown>).id : undefined;
  if (context !== undefined && !isRequiredText(contextId)) errors.add('context.id', `context.id must be a non-empty string of at most ${MAX_ID_LENGTH} characters.`);
  errors.throwIfAny();

  return {
    eventId: body.eventId as string,
    carrierMessageId: body.carrierMessageId as string,
    channel: body.channel as InboundChannel,
    from: body.from as string,
    to: body.to as string,
    body: text as string,
    receivedAt: receivedAt!.toISOString(),
    contextId: contextId as string | undefined,
  };
}
