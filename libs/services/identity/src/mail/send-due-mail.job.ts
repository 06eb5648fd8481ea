import type { Clock } from '@mp/clock';
import type { DueJob } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { addSeconds } from '../shared/time';
import { afterFailedAttempt } from './mail-retry';
import { claimDueMail, markMailFailed, markMailRetry, markMailSent } from './outgoing-mail.repository';
import type { MailSender } from './smtp-mail-sender';

const BATCH_SIZE = 20;
/** Longer than the worst SMTP conversation (connection + socket timeouts). */
const CLAIM_LEASE_SECONDS = 120;

/**
 * Sends queued mail that is due. Without a sender (SMTP_URL unset) mail stays
 * queued, so nothing is lost; the warning is logged once, not every 500 ms.
 */
export function sendDueMailJob(deps: { db: Knex; clock: Clock; logger: Logger; sender?: MailSender }): DueJob {
  const { db, clock, logger, sender } = deps;
  let warned = false;
  return {
    name: 'identity.send-due-mail',
    intervalMs: 500,
    async runDue() {
      if (!sender) {
        if (!warned) logger.warn('SMTP_URL is not set: outgoing mail stays queued');
        warned = true;
        return 0;
      }
      const now = clock.now();
      const claimed = await claimDueMail(db, now, addSeconds(now, CLAIM_LEASE_SECONDS), BATCH_SIZE);
      for (const mail of claimed) {
        try {
          await sender.send({ from: mail.from_address, to: mail.to_address, subject: mail.subject, text: mail.text });
          await markMailSent(db, mail.id, clock.now());
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const outcome = afterFailedAttempt(mail.attempts);
          if (outcome.action === 'fail') {
            logger.error('mail failed for good', { mailId: mail.id, attempts: mail.attempts, error: reason });
            await markMailFailed(db, mail.id, reason);
          } else {
            logger.warn('mail send failed, will retry', { mailId: mail.id, attempts: mail.attempts, error: reason });
            await markMailRetry(db, mail.id, addSeconds(clock.now(), outcome.delaySeconds), reason);
          }
        }
      }
      return claimed.length;
    },
  };
}
