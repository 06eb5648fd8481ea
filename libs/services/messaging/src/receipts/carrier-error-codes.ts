/**
 * Carrier non-delivery codes (the Twilio-style 300xx family the simulator
 * and common SMS carriers use) and the reason reported on the message and in
 * MessageFailed. Unknown codes get a generic reason; the raw code is kept in
 * the audit entry.
 */
export const CARRIER_ERROR_REASONS: Readonly<Record<string, string>> = {
  '30001': 'carrier queue overflow',
  '30002': 'carrier account suspended',
  '30003': 'unreachable handset',
  '30004': 'message blocked by recipient',
  '30005': 'unknown destination',
  '30006': 'landline or unreachable carrier',
  '30007': 'carrier filtering',
  '30008': 'unknown carrier error',
};

export const UNKNOWN_NON_DELIVERY_REASON = 'carrier reported non-delivery';

export function nonDeliveryReason(errorCode: string | undefined): string {
  const code = errorCode?.trim();
  if (code && Object.hasOwn(CARRIER_ERROR_REASONS, code)) return CARRIER_ERROR_REASONS[code];
  return UNKNOWN_NON_DELIVERY_REASON;
}
