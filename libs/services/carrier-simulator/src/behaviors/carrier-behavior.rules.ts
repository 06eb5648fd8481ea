import { FieldErrors } from '@mp/problems';

/** What the simulated carrier does with a message (DECISIONS "Sandbox"). */
/**
 * `unavailable` is the transient one: the carrier answers 503 at submission,
 * so the platform retries with backoff (retry and expiry paths in sandbox).
 */
export const HTTP_OUTCOMES = ['delivered', 'undelivered', 'failed', 'no-receipt', 'unavailable'] as const;
/**
 * The field problems of SMPP (issue 28 point 7) the sandbox SMSC plays
 * (smsc/smsc-behaviour.rules.ts); over the HTTP Carrier API each plays as the
 * HTTP outcome HTTP_EQUIVALENT names.
 */
export const SMPP_ONLY_OUTCOMES = ['throttled', 'receipt-before-response', 'receipt-last-part-only', 'drop-connection'] as const;
export const CARRIER_OUTCOMES = [...HTTP_OUTCOMES, ...SMPP_ONLY_OUTCOMES] as const;
export type CarrierOutcome = (typeof CARRIER_OUTCOMES)[number];
export type HttpOutcome = (typeof HTTP_OUTCOMES)[number];
/** What the HTTP carrier does for a behaviour only SMPP can play: refuse for now, or deliver. */
export const HTTP_EQUIVALENT: Readonly<Record<(typeof SMPP_ONLY_OUTCOMES)[number], HttpOutcome>> = {
  throttled: 'unavailable',
  'drop-connection': 'unavailable',
  'receipt-before-response': 'delivered',
  'receipt-last-part-only': 'delivered',
};
/** Outcomes under which a submission is accepted and stored (the others answer 422 or 503 and store nothing). */
export const ACCEPTED_OUTCOMES: readonly HttpOutcome[] = ['delivered', 'undelivered', 'no-receipt'];
/** Accepted outcomes that the carrier reports later with a receipt of that status. */
export const RECEIPTED_OUTCOMES: readonly HttpOutcome[] = ['delivered', 'undelivered'];

export interface CarrierBehavior {
  accountId: string;
  destination: string;
  outcome: CarrierOutcome;
  afterSeconds: number;
}

/** Without a behaviour set, a message is delivered about a second after submission. */
export const DEFAULT_AFTER_SECONDS = 1;
export const DEFAULT_OUTCOME: CarrierOutcome = 'delivered';
export const MAX_AFTER_SECONDS = 86_400;
const MAX_DESTINATION_LENGTH = 320; // an email address at its longest

/** The error code an `undelivered` receipt carries (the common "unreachable handset"). */
export const UNDELIVERED_ERROR_CODE = '30003';

export function isCarrierOutcome(value: string): value is CarrierOutcome {
  return (CARRIER_OUTCOMES as readonly string[]).includes(value);
}

/** Validates a SetCarrierBehavior request; throws VALIDATION_FAILED naming every bad field. */
export function validateBehavior(input: { destination: string; outcome: string; afterSeconds?: number }): CarrierBehavior['outcome'] {
  const errors = new FieldErrors();
  const destination = input.destination.trim();
  if (destination === '') errors.add('destination', 'destination is required.');
  else if (destination.length > MAX_DESTINATION_LENGTH) errors.add('destination', `destination must be at most ${MAX_DESTINATION_LENGTH} characters.`);
  if (!isCarrierOutcome(input.outcome)) errors.add('outcome', `outcome must be one of ${CARRIER_OUTCOMES.join(', ')}.`);
  const after = input.afterSeconds;
  if (after !== undefined && (!Number.isInteger(after) || after < 0 || after > MAX_AFTER_SECONDS)) {
    errors.add('afterSeconds', `afterSeconds must be a whole number from 0 to ${MAX_AFTER_SECONDS}.`);
  }
  errors.throwIfAny();
  return input.outcome as CarrierOutcome;
}
