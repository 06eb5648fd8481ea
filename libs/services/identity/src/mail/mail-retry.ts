import { withJitter, type RandomSource } from '@mp/service-host';

/** After this many attempts a mail is given up on and marked failed. */
export const MAX_MAIL_ATTEMPTS = 10;

const BASE_DELAY_SECONDS = 15;
const MAX_DELAY_SECONDS = 3600;

export type MailOutcome = { action: 'retry'; delaySeconds: number } | { action: 'fail' };

/**
 * What to do after failed attempt number `attempts` (1-based): exponential
 * backoff (15 s, 30 s, 1 min ... capped at 1 h) so a short SMTP outage is
 * ridden out quickly and a long one is not hammered, each spread up to 10%
 * later (withJitter) so mails that failed together are not retried together.
 */
export function afterFailedAttempt(attempts: number, random: RandomSource = Math.random): MailOutcome {
  if (attempts >= MAX_MAIL_ATTEMPTS) return { action: 'fail' };
  const delaySeconds = withJitter(Math.min(BASE_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_SECONDS), random);
  return { action: 'retry', delaySeconds };
}
