import { firstParam, type TwilioParams } from './twilio-form';
import { addressParam, countParam, sidParam } from './twilio-fields';
import { refuse, type TwilioRefusal } from './twilio-refusal';

/** A message to one of the account's numbers as Twilio posts it (twilio.com/docs/messaging/guides/webhook-request). */
export interface TwilioInboundCallback {
  messageSid: string;
  accountSid?: string;
  /** As Twilio gives it: an E.164 number, or `whatsapp:` + one for WhatsApp. */
  from: string;
  to: string;
  /** The text; empty for a message of media only. */
  body: string;
  numSegments?: number;
  numMedia?: number;
  /** WhatsApp: the sid of the message this one replies to (a quote, or a quick-reply button's message). */
  originalRepliedMessageSid?: string;
  /** WhatsApp: the tapped quick-reply button's text and payload. */
  buttonText?: string;
  buttonPayload?: string;
}

export type TwilioInboundResult = { ok: true; inbound: TwilioInboundCallback } | TwilioRefusal;

/** Twilio's limit is 1,600 characters; the platform keeps up to 4,096 (carrier-inbound.rules.ts), the bound used here. */
export const MAX_TWILIO_INBOUND_TEXT = 4096;

/** Reads an inbound message callback: MessageSid, From and To are required; parameters Twilio adds without notice are ignored. */
export function parseInboundCallback(params: TwilioParams): TwilioInboundResult {
  const messageSid = sidParam(params, 'MessageSid', true);
  if (!messageSid.ok) return messageSid;
  const accountSid = sidParam(params, 'AccountSid', false);
  if (!accountSid.ok) return accountSid;
  const from = addressParam(params, 'From', true);
  if (!from.ok) return from;
  const to = addressParam(params, 'To', true);
  if (!to.ok) return to;
  const numSegments = countParam(params, 'NumSegments');
  if (!numSegments.ok) return numSegments;
  const numMedia = countParam(params, 'NumMedia');
  if (!numMedia.ok) return numMedia;
  const replied = sidParam(params, 'OriginalRepliedMessageSid', false);
  if (!replied.ok) return replied;
  const texts: Record<'Body' | 'ButtonText' | 'ButtonPayload', string | undefined> = { Body: undefined, ButtonText: undefined, ButtonPayload: undefined };
  for (const name of ['Body', 'ButtonText', 'ButtonPayload'] as const) {
    const value = firstParam(params, name);
    if (value !== undefined && [...value].length > MAX_TWILIO_INBOUND_TEXT) return refuse('invalid-field', `${name} is longer than ${MAX_TWILIO_INBOUND_TEXT} characters.`);
    texts[name] = value;
  }

  return {
    ok: true,
    inbound: {
      messageSid: messageSid.value!,
      ...(accountSid.value !== undefined && { accountSid: accountSid.value }),
      from: from.value!,
      to: to.value!,
      body: texts.Body ?? '',
      ...(numSegments.value !== undefined && { numSegments: numSegments.value }),
      ...(numMedia.value !== undefined && { numMedia: numMedia.value }),
      ...(replied.value !== undefined && { originalRepliedMessageSid: replied.value }),
      ...(texts.ButtonText !== undefined && { buttonText: texts.ButtonText }),
      ...(texts.ButtonPayload !== undefined && { buttonPayload: texts.ButtonPayload }),
    },
  };
}
