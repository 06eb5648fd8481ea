import type { CarrierOutcome } from '../carrier.port';

/**
 * What a Twilio REST error code means for the message (issue 29 point 3;
 * CARRIERS.md 3.3). `configuration` is transient (the message waits and is
 * retried once an operator fixes the connection) and alerts: no message on
 * the connection can go until then.
 */
export type TwilioVerdict = 'rejected' | 'transient' | 'configuration';

/** Twilio's code for a recipient who replied STOP to this sender (or the Service's pool): an opt-out at the carrier. */
export const TWILIO_UNSUBSCRIBED = 21610;

/** The outcome of a send to a recipient who opted out at Twilio: the platform may record the opt-out. */
export function unsubscribedAtTwilio(outcome: CarrierOutcome): boolean {
  return outcome.kind === 'rejected' && outcome.code === String(TWILIO_UNSUBSCRIBED);
}

export const TWILIO_ERRORS: ReadonlyMap<number, TwilioVerdict> = new Map<number, TwilioVerdict>([
  // Refusals of this recipient (twilio.com/docs/api/errors/<code>; TundraSoft/tundra-connect wiki "Twilio Errors").
  [TWILIO_UNSUBSCRIBED, 'rejected'], // Attempt to send to unsubscribed recipient
  [21211, 'rejected'], // invalid 'To' phone number
  [21612, 'rejected'], // 'To' not reachable from this 'From' (unroutable)
  [21614, 'rejected'], // 'To' is not a mobile number
  // The connection's own set-up: every message would fail the same way until it is fixed.
  [21606, 'configuration'], // 'From' is not an SMS-capable number of this account
  [20003, 'configuration'], // authentication failed (franfunnel)
  // Pace: Twilio takes the message later.
  [20429, 'transient'], // too many API requests (franfunnel)
  [63017, 'transient'], // account and subaccounts above 2,000 messages per second (docs/api/errors/63017)
  [21611, 'transient'], // this 'From' has more than 10 hours of queued messages (docs/api/errors/21611)
]);

/**
 * The verdict for a non-2xx answer: Twilio's code when the table has it, else
 * the HTTP status. 401 is Twilio's status for 20003, so an answer without
 * a readable code (a proxy's page) is still the credentials. Other 4xx say
 * the request itself is wrong and would be again (`invalid`); 5xx, 408 and
 * 429 are worth another try.
 */
export function twilioVerdict(status: number, code: number | undefined): TwilioVerdict | 'invalid' {
  const known = code === undefined ? undefined : TWILIO_ERRORS.get(code);
  if (known) return known;
  if (status === 401) return 'configuration';
  if (status === 408 || status === 429) return 'transient';
  if (status >= 400 && status < 500) return 'invalid';
  return 'transient';
}
