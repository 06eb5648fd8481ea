/**
 * The answer to an inbound message callback: TwiML that sends no reply
 * (twilio.com/docs/messaging/twiml: an empty `<Response>`), byte for byte what
 * twilio-node's `new twiml.MessagingResponse().toString()` gives.
 */
export const EMPTY_TWIML = {
  contentType: 'text/xml; charset=utf-8',
  body: '<?xml version="1.0" encoding="UTF-8"?><Response/>',
} as const;
