import type { Clock } from '@mp/clock';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { IdentityConfig } from '../identity-config';
import { webhookDeactivatedMail } from '../mail/mail-templates';
import { queueMail } from '../mail/outgoing-mail.repository';
import { activeAdminEmails } from '../users/users.repository';
import type { WebhookDeactivation } from './webhook-deactivation';

export interface NotifyAdminsDeps {
  config: Pick<IdentityConfig, 'PUBLIC_BASE_URL' | 'MAIL_FROM'>;
  clock: Clock;
  logger: Logger;
}

/**
 * Queues one mail per active Admin of the account, in the consumer's
 * transaction: the mails exist exactly when the event is recorded as
 * processed. Answers how many were queued.
 */
export async function notifyAdminsOfDeactivation(trx: Knex.Transaction, deps: NotifyAdminsDeps, deactivation: WebhookDeactivation): Promise<number> {
  const context = { accountId: deactivation.accountId, webhookId: deactivation.webhookId };
  const admins = await activeAdminEmails(trx, deactivation.accountId);
  if (admins.length === 0) {
    // An unknown account looks the same: nobody to tell, and retrying will not change that.
    deps.logger.warn('webhook deactivation not mailed: the account has no active Admin', context);
    return 0;
  }
  const now = deps.clock.now();
  for (const to of admins) {
    const mail = webhookDeactivatedMail({ ...deactivation, to, publicBaseUrl: deps.config.PUBLIC_BASE_URL });
    await queueMail(trx, { ...mail, from: deps.config.MAIL_FROM }, now);
  }
  deps.logger.info('webhook deactivation mailed to the account Admins', { ...context, admins: admins.length });
  return admins.length;
}
