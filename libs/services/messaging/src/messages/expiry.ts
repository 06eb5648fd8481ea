import type { Transition } from './message-transition';
import type { MessageRow, MessageStatus } from './message.types';

/** Which check found the message past its expiresAt (spec 3.1: before every send attempt). */
export type ExpiryCheck = 'first send' | 'retry' | 'release of a scheduled message';

/** spec 2.1: after expiresAt the message is no longer sent (nor charged). */
export function hasExpired(message: Pick<MessageRow, 'expires_at'>, now: Date): boolean {
  return message.expires_at !== null && new Date(message.expires_at).getTime() <= now.getTime();
}

/**
 * The move to `expired` (final, never charged) with its MessageExpired event;
 * the guard is the caller's, so a message someone else moved meanwhile is
 * left alone and the event is written at most once.
 */
export function expireTransition(guard: Transition['guard'] & { from: MessageStatus }, message: MessageRow, check: ExpiryCheck): Transition {
  const reason = `expiresAt ${new Date(message.expires_at as Date).toISOString()} passed before the ${check}`;
  return {
    guard,
    to: 'expired',
    changes: { claimed_until: null, claim_token: null, failure_reason: reason },
    audit: { event: 'expired', detail: reason },
    event: { type: 'MessageExpired', reason },
  };
}
