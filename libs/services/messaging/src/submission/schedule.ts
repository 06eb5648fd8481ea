import { DomainError } from '@mp/problems';
import { MAX_SEND_AT_LEAD_MS, MIN_SEND_AT_LEAD_MS } from './submission-limits';

/**
 * The time rules of spec 2.1 / 7.3, against the service clock. Each has its
 * own code rather than VALIDATION_FAILED; the errors map still names the field.
 */
export function checkSchedule(sendAt: Date | null, expiresAt: Date | null, now: Date): void {
  if (sendAt) {
    const lead = sendAt.getTime() - now.getTime();
    if (lead < MIN_SEND_AT_LEAD_MS || lead > MAX_SEND_AT_LEAD_MS) {
      const message = 'sendAt must be at least 60 seconds and at most 30 days in the future';
      throw new DomainError('SEND_AT_OUT_OF_RANGE', message, { errors: { sendAt: [message] } });
    }
  }
  if (expiresAt) {
    if (expiresAt.getTime() <= now.getTime()) {
      const message = 'expiresAt must be in the future';
      throw new DomainError('EXPIRES_AT_INVALID', message, { errors: { expiresAt: [message] } });
    }
    if (sendAt && expiresAt.getTime() <= sendAt.getTime()) {
      const message = 'expiresAt must be later than sendAt';
      throw new DomainError('EXPIRES_AT_INVALID', message, { errors: { expiresAt: [message] } });
    }
  }
}
