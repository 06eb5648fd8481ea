import { RECIPIENT_UNSUBSCRIBED_AT_CARRIER } from '@mp/contracts';

/**
 * Carrier error codes and the reason the platform reports for them (on the
 * channel attempt's `failureReason`, in MessageFailed and in carrier events).
 * The set of reasons is closed and documented (docs/service-contracts.md
 * "Carrier error codes"); the carrier's raw code and words are kept in the
 * message's carrier events and audit trail.
 *
 * Codes: the Twilio-style numeric family the simulator and common SMS and
 * WhatsApp carriers use, and RFC 3463 enhanced status codes for Email.
 */
export const CARRIER_ERROR_REASONS: Readonly<Record<string, string>> = {
  // Non-delivery receipts (SMS, WhatsApp)
  '30001': 'carrier queue overflow',
  '30002': 'carrier account suspended',
  '30003': 'unreachable handset',
  '30004': 'message blocked by recipient',
  '30005': 'unknown destination',
  '30006': 'landline or unreachable carrier',
  '30007': 'carrier filtering',
  '30008': 'unknown carrier error',
  '30034': 'sender number not registered for 10DLC',
  '63003': 'recipient not reachable on WhatsApp',
  '63016': 'outside the WhatsApp customer service window',
  // Refusals at submission
  '21211': 'invalid destination',
  '21408': 'destination region not enabled',
  // Consent records a refusal with this reason as the recipient's opt-out at the sending number.
  '21610': RECIPIENT_UNSUBSCRIBED_AT_CARRIER,
  '21612': 'destination not reachable by SMS',
  '21614': 'destination is not a mobile number',
  DESTINATION_REFUSED: 'destination refused by carrier',
  // WhatsApp Cloud API refusals (issue 29 point 1; CARRIERS.md 2.2)
  TEMPLATE_REQUIRED: 'outside the WhatsApp customer service window',
  '131026': 'recipient not reachable on WhatsApp',
  '131048': 'carrier filtering',
  '131049': 'carrier filtering',
  '368': 'carrier account suspended',
  // SMPP submit_sm_resp refusals, by status name (issue 28 point 2)
  ESME_RINVDSTADR: 'invalid destination',
  ESME_RINVDSTTON: 'invalid destination',
  ESME_RINVDSTNPI: 'invalid destination',
  ESME_RINVSRCADR: 'sender refused by carrier',
  ESME_RINVSRCTON: 'sender refused by carrier',
  ESME_RINVSRCNPI: 'sender refused by carrier',
  // Email bounces
  '5.1.1': 'mailbox does not exist',
  '5.2.2': 'mailbox full',
  '5.7.1': 'rejected by recipient mail server policy',
};

export const UNKNOWN_NON_DELIVERY_REASON = 'carrier reported non-delivery';
export const UNKNOWN_REFUSAL_REASON = 'carrier refused the message';

function known(errorCode: string | undefined): string | undefined {
  const code = errorCode?.trim();
  return code && Object.hasOwn(CARRIER_ERROR_REASONS, code) ? CARRIER_ERROR_REASONS[code] : undefined;
}

/** The reason for an `undelivered` receipt's error code. */
export function nonDeliveryReason(errorCode: string | undefined): string {
  return known(errorCode) ?? UNKNOWN_NON_DELIVERY_REASON;
}

/** The reason for a refusal at submission (HTTP 422 `error.code`). */
export function refusalReason(errorCode: string | undefined): string {
  return known(errorCode) ?? UNKNOWN_REFUSAL_REASON;
}
