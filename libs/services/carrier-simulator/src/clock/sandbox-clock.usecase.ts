import { isSandboxClock, type Clock } from '@mp/clock';
import { DomainError, FieldErrors } from '@mp/problems';

export const MAX_ADVANCE_SECONDS = 31_536_000; // one year

/**
 * The sandbox clock reading (service-contracts "Sandbox clock"). Advancing only
 * moves the clock; the gateway then tells every service, whose hosts run the
 * work that became due (this one's receipts included).
 */
export function getSandboxClock(clock: Clock): Date {
  return clock.now();
}

export function advanceSandboxClock(clock: Clock, seconds: number): Date {
  const errors = new FieldErrors();
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
    errors.add('seconds', `seconds must be more than 0 and at most ${MAX_ADVANCE_SECONDS}.`);
  }
  errors.throwIfAny();
  if (!isSandboxClock(clock)) throw new DomainError('INVALID_OPERATION', 'The clock can only be advanced in sandbox mode.');
  return clock.advance(seconds);
}
