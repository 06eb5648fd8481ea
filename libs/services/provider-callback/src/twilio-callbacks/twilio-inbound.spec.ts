import { twiml } from 'twilio';
import { parseTwilioForm, type TwilioParams } from './twilio-form';
import { MAX_TWILIO_INBOUND_TEXT, parseInboundCallback } from './twilio-inbound';
import { twilioInboundRecord } from './twilio-inbound-record';
import { EMPTY_TWIML } from './twiml';
import { ACCOUNT_SID, INBOUND_MEDIA_ONLY, INBOUND_SID, INBOUND_SMS, INBOUND_WHATSAPP_BUTTON, QUOTED_SID } from './testing/twilio-callback-fixtures';

const receivedAt = new Date('2026-11-28T10:00:00.000Z');

function params(body: string): TwilioParams {
  const parsed = parseTwilioForm(body);
  if (!parsed.ok) throw new Error(`fixture refused: ${parsed.detail}`);
  return parsed.params;
}

function inbound(body: string) {
  const result = parseInboundCallback(params(body));
  if (!result.ok) throw new Error(`refused: ${result.detail}`);
  return result.inbound;
}

describe('parseInboundCallback', () => {
  it('reads an inbound SMS', () => {
    expect(inbound(INBOUND_SMS)).toEqual({
      messageSid: INBOUND_SID,
      accountSid: ACCOUNT_SID,
      from: '+14017122661',
      to: '+15017250604',
      body: 'Hello 👋 1+1=2',
      numSegments: 1,
      numMedia: 0,
    });
  });

  it('keeps WhatsApp’s quoted message and button', () => {
    expect(inbound(INBOUND_WHATSAPP_BUTTON)).toMatchObject({
      from: 'whatsapp:+14017122661',
      to: 'whatsapp:+15017250604',
      body: '',
      originalRepliedMessageSid: QUOTED_SID,
      buttonText: 'Yes, confirm',
      buttonPayload: 'confirm-42',
    });
  });

  it.each([
    ['no MessageSid', INBOUND_SMS.replace(`&MessageSid=${INBOUND_SID}`, ''), 'missing-field', /MessageSid/],
    ['no From', INBOUND_SMS.replace('&From=%2B14017122661', ''), 'missing-field', /From/],
    ['an empty To', INBOUND_SMS.replace('To=%2B15017250604', 'To='), 'missing-field', /To/],
    ['a NumMedia that is not a count', INBOUND_SMS.replace('NumMedia=0', 'NumMedia=-1'), 'invalid-field', /NumMedia/],
    ['an OriginalRepliedMessageSid not shaped like a sid', `${INBOUND_WHATSAPP_BUTTON}`.replace(`OriginalRepliedMessageSid=${QUOTED_SID}`, 'OriginalRepliedMessageSid=x'), 'invalid-field', /OriginalRepliedMessageSid/],
    ['a Body over the platform’s limit', INBOUND_SMS.replace(/Body=[^&]*/, `Body=${'a'.repeat(MAX_TWILIO_INBOUND_TEXT + 1)}`), 'invalid-field', /Body/],
  ])('refuses %s with a reason and no message', (_, body, reason, detail) => {
    expect(parseInboundCallback(params(body))).toEqual({ ok: false, reason, detail: expect.stringMatching(detail) });
  });

  it('refuses an empty parameter set', () => {
    expect(parseInboundCallback(new Map())).toMatchObject({ ok: false, reason: 'missing-field' });
  });
});

describe('twilioInboundRecord', () => {
  it('an SMS becomes the platform’s inbound record, once per MessageSid', () => {
    expect(twilioInboundRecord(inbound(INBOUND_SMS), receivedAt)).toEqual({
      ok: true,
      inbound: {
        eventId: INBOUND_SID,
        carrierMessageId: INBOUND_SID,
        channel: 'Sms',
        from: '+14017122661',
        to: '+15017250604',
        body: 'Hello 👋 1+1=2',
        receivedAt: receivedAt.toISOString(),
        contextId: undefined,
      },
    });
  });

  it('a WhatsApp button tap: WhatsApp channel, E.164 addresses, the button text as the text, linked to the quoted message', () => {
    expect(twilioInboundRecord(inbound(INBOUND_WHATSAPP_BUTTON), receivedAt)).toMatchObject({
      ok: true,
      inbound: { channel: 'WhatsApp', from: '+14017122661', to: '+15017250604', body: 'Yes, confirm', contextId: QUOTED_SID },
    });
  });

  it('a message of media only is refused as not recordable', () => {
    expect(twilioInboundRecord(inbound(INBOUND_MEDIA_ONLY), receivedAt)).toEqual({ ok: false, reason: 'not-recordable', detail: expect.stringContaining('1 media') });
  });

  it('what the platform’s inbound rules refuse is refused with their reason', () => {
    const long = { ...inbound(INBOUND_SMS), from: 'x'.repeat(321) };
    expect(twilioInboundRecord(long, receivedAt)).toEqual({ ok: false, reason: 'not-recordable', detail: expect.stringMatching(/from must be/) });
  });
});

describe('EMPTY_TWIML', () => {
  it('is the empty <Response/> twilio-node writes, as XML', () => {
    expect(EMPTY_TWIML.body).toBe(new twiml.MessagingResponse().toString());
    expect(EMPTY_TWIML.contentType).toMatch(/^text\/xml\b/);
  });
});
