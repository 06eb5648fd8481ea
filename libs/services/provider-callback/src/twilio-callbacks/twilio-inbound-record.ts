import { toCarrierInbound, type CarrierInbound } from '../carrier-inbound/carrier-inbound.rules';
import type { TwilioInboundCallback } from './twilio-inbound';
import { refuse, type TwilioRefusal } from './twilio-refusal';

const WHATSAPP = 'whatsapp:';

export type TwilioInboundRecordResult = { ok: true; inbound: CarrierInbound } | TwilioRefusal;

/**
 * The platform's inbound record of a Twilio message (carrier-inbound.rules.ts):
 * once per MessageSid; a `whatsapp:` address is a WhatsApp message and loses
 * the prefix (the record holds E.164); a quick-reply button without a body
 * has its button text as the text; OriginalRepliedMessageSid links to the
 * message it quotes. A message of media only has no text the record can
 * hold and is refused as `not-recordable`.
 */
export function twilioInboundRecord(inbound: TwilioInboundCallback, receivedAt: Date): TwilioInboundRecordResult {
  const whatsApp = inbound.from.toLowerCase().startsWith(WHATSAPP);
  const text = inbound.body !== '' ? inbound.body : (inbound.buttonText ?? '');
  if (text.trim() === '') return refuse('not-recordable', `Message ${inbound.messageSid} has no text (${inbound.numMedia ?? 0} media): the platform records text messages.`);
  const body = {
    eventId: inbound.messageSid,
    carrierMessageId: inbound.messageSid,
    channel: whatsApp ? 'WhatsApp' : 'Sms',
    from: withoutWhatsApp(inbound.from),
    to: withoutWhatsApp(inbound.to),
    body: text,
    receivedAt: receivedAt.toISOString(),
    ...(inbound.originalRepliedMessageSid !== undefined && { context: { id: inbound.originalRepliedMessageSid } }),
  };
  try {
    return { ok: true, inbound: toCarrierInbound(body) };
  } catch (error) {
    return refuse('not-recordable', error instanceof Error ? error.message : 'The message does not fit the platform inbound record.');
  }
}

const withoutWhatsApp = (address: string): string => (address.toLowerCase().startsWith(WHATSAPP) ? address.slice(WHATSAPP.length) : address);
