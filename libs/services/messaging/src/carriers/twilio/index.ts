// Twilio's Programmable Messaging API, send side (issue 29 point 3); not yet wired into configured-carriers.ts.
export { TwilioCarrier, type TwilioCarrierOptions } from './twilio-carrier';
export { TWILIO_ERRORS, TWILIO_UNSUBSCRIBED, unsubscribedAtTwilio, type TwilioVerdict } from './twilio-errors';
export { statusCallbackUrl } from './message-form';
