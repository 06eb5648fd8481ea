/** Why a Twilio callback was not taken: a stable `reason` for logs and metrics, a `detail` for a person. */
export interface TwilioRefusal {
  ok: false;
  reason: TwilioRefusalReason;
  detail: string;
}

export type TwilioRefusalReason =
  | 'empty'
  | 'too-large'
  | 'too-many-parameters'
  | 'malformed-form'
  | 'missing-field'
  | 'invalid-field'
  | 'unknown-status'
  | 'not-recordable';

export const refuse = (reason: TwilioRefusalReason, detail: string): TwilioRefusal => ({ ok: false, reason, detail });
