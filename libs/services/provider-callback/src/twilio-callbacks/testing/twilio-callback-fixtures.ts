/**
 * Twilio's callback bodies as Twilio posts them (form-encoded, `+` for a
 * space), built from the parameters Twilio documents; the sources are named
 * on each and in README.md. Sids are Twilio's 34-character shape with hex
 * digits (the docs show them as SMXXXX...); numbers are the docs' own examples.
 */

export const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
export const MESSAGE_SID = 'SM0123456789abcdef0123456789abcdef';
export const INBOUND_SID = 'SMfedcba9876543210fedcba9876543210';
export const QUOTED_SID = 'SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

/**
 * StatusCallback for an outbound SMS: twilio.com/docs/messaging/guides/track-outbound-message-status
 * ("Twilio provides a subset of the standard request properties, and additionally MessageStatus and ErrorCode"),
 * twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks.
 */
export const statusBody = (status: string, extra = ''): string =>
  `AccountSid=${ACCOUNT_SID}&ApiVersion=2010-04-01&From=%2B15017250604&MessageSid=${MESSAGE_SID}&MessageStatus=${status}` +
  `&SmsSid=${MESSAGE_SID}&SmsStatus=${status}&To=%2B15558675310${extra}`;

export const STATUS_SENT = statusBody('sent');
/** RawDlrDoneDate on delivered/undelivered, `YYMMDDhhmm`: twilio.com/en-us/changelog/addition-of-rawdlrdonedate-to-delivered-and-undelivered-status-webhooks (2023-02-14). */
export const STATUS_DELIVERED = statusBody('delivered', '&RawDlrDoneDate=2302141505');
/** 30003 unreachable handset (twilio.com/docs/api/errors/30003; CARRIERS.md 3.3). */
export const STATUS_UNDELIVERED = statusBody('undelivered', '&ErrorCode=30003&RawDlrDoneDate=2302141507');
/** 30007 filtered (twilio.com/docs/api/errors/30007). */
export const STATUS_FAILED = statusBody('failed', '&ErrorCode=30007');
/** With a Messaging Service the callback also names it (track-outbound-message-status, "MessagingServiceSid"). */
export const STATUS_SENDING_VIA_SERVICE = statusBody('sending', '&MessagingServiceSid=MG0123456789abcdef0123456789abcdef');

/**
 * An inbound SMS: twilio.com/docs/messaging/guides/webhook-request ("Request parameters": MessageSid, SmsSid,
 * AccountSid, MessagingServiceSid, From, To, Body, NumMedia, NumSegments; the geographic FromCity, ToState... fields).
 */
export const INBOUND_SMS =
  `ToCountry=US&ToState=CA&SmsMessageSid=${INBOUND_SID}&NumMedia=0&ToCity=&FromZip=&SmsSid=${INBOUND_SID}` +
  `&FromState=RI&SmsStatus=received&FromCity=&Body=Hello+%F0%9F%91%8B+1%2B1%3D2&FromCountry=US&To=%2B15017250604` +
  `&ToZip=&NumSegments=1&MessageSid=${INBOUND_SID}&AccountSid=${ACCOUNT_SID}&From=%2B14017122661&ApiVersion=2010-04-01`;

/**
 * A WhatsApp quick-reply tap through Twilio: webhook-request's "WhatsApp-specific parameters"
 * (OriginalRepliedMessageSid, ButtonText, ButtonPayload; From and To with the `whatsapp:` prefix, ProfileName, WaId).
 */
export const INBOUND_WHATSAPP_BUTTON =
  `SmsMessageSid=${INBOUND_SID}&NumMedia=0&ProfileName=Ana&MessageType=button&SmsSid=${INBOUND_SID}&WaId=14017122661` +
  `&SmsStatus=received&Body=&ButtonText=Yes%2C+confirm&ButtonPayload=confirm-42&To=whatsapp%3A%2B15017250604` +
  `&NumSegments=1&MessageSid=${INBOUND_SID}&OriginalRepliedMessageSid=${QUOTED_SID}&AccountSid=${ACCOUNT_SID}` +
  `&From=whatsapp%3A%2B14017122661&ApiVersion=2010-04-01`;

/** An MMS of one picture and no text (webhook-request: NumMedia, MediaUrl0, MediaContentType0). */
export const INBOUND_MEDIA_ONLY =
  `MessageSid=${INBOUND_SID}&AccountSid=${ACCOUNT_SID}&From=%2B14017122661&To=%2B15017250604&Body=&NumMedia=1&NumSegments=1` +
  `&MediaContentType0=image%2Fjpeg&MediaUrl0=https%3A%2F%2Fapi.twilio.com%2F2010-04-01%2FAccounts%2F${ACCOUNT_SID}%2FMessages%2F${INBOUND_SID}%2FMedia%2FME0123456789abcdef0123456789abcdef`;
