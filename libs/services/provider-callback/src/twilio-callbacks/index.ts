// Twilio's status and inbound callbacks taken apart (issue 29 point 4): pure functions, no routes or storage.
export { parseTwilioForm, firstParam, paramsObject, TWILIO_FORM_MAX_BYTES, TWILIO_FORM_MAX_PARAMETERS, type TwilioParams, type TwilioFormResult } from './twilio-form';
export { verifyTwilioSignature, type TwilioSignatureInput } from './twilio-signature';
export { parseStatusCallback, TWILIO_MESSAGE_STATUSES, type TwilioMessageStatus, type TwilioStatusCallback, type TwilioStatusResult } from './twilio-status';
export { twilioStatusAction, twilioStatusEventId, carrierReceiptBody, type TwilioStatusAction, type TwilioReceipt, type TwilioCarrierEvent } from './twilio-status-receipt';
export { parseInboundCallback, MAX_TWILIO_INBOUND_TEXT, type TwilioInboundCallback, type TwilioInboundResult } from './twilio-inbound';
export { twilioInboundRecord, type TwilioInboundRecordResult } from './twilio-inbound-record';
export { EMPTY_TWIML } from './twiml';
export type { TwilioRefusal, TwilioRefusalReason } from './twilio-refusal';
