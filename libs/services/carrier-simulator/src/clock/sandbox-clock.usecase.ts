import { isSandboxClock, type Clock } from '@mp/clock';
import { DomainError, FieldErrors } from '@mp/problems';

export const MAX_ADVANCE_SECONDS = 31_536_000; // one year

/**
 * The sandbox clock reading (service-contracts "Sandbox clock"). Advancing only
 * moves the clock; the gateway then tells every service, whose hosts run the
 * work that became due (this one's receipts included).
 */
export class SandboxClockUseCase {
  constructor(private readonly clock: Clock) {}

  now(): Date {
    return this.clock.now();
  }

  advance(seconds: number): Date {
    const errors = new FieldErrors();
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
      errors.add('seconds', `seconds must be more than 0 and at most ${MAX_ADVANCE_SECONDS}.`);
    }
    errors.throwIfAny();
    if (!isSandboxClock(this.clock)) throw new DomainError('INVALID_OPERATION', 'The clock can only be advanced in sandbox mode.');
    return this.clock.advance(seconds);
  }
}
