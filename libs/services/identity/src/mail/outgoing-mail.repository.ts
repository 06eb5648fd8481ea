import type { Knex } from 'knex';
import { newId } from '../shared/ids';
import type { MailContent, MailKind } from './mail-templates';

export const OUTGOING_MAIL = 'outgoing_mail';

export interface OutgoingMailRow {
  id: string;
  kind: MailKind;
  to_address: string;
  from_address: string;
  subject: string;
  text: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/**
 * Queues a mail in the caller's transaction: it is sent only if the change
 * that caused it commits, and it survives an SMTP outage (service-contracts "Mail").
 */
export async function queueMail(trx: Knex.Transaction, mail: MailContent & { from: string }, now: Date): Promise<string> {
  const id = newId();
  await trx(OUTGOING_MAIL).insert({
    id,
    kind: mail.kind,
    to_address: mail.to,
    from_address: mail.from,
    subject: mail.subject,
    text: mail.text,
    status: 'queued',
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  });
  return id;
}

/** Whether a mail of this kind went to this address since `since` (to avoid mail-bombing an owner). */
export async function mailQueuedSince(trx: Knex.Transaction, to: string, kind: MailKind, since: Date): Promise<boolean> {
  const row = await trx(OUTGOING_MAIL).where({ to_address: to, kind }).andWhere('created_at', '>', since).first('id');
  return row !== undefined;
}

/**
 * Claims up to `limit` due mails. The claim pushes `next_attempt_at` out by a
 * lease and commits at once, so the SMTP conversation happens outside any
 * transaction (the embedded database has a single connection) while no other
 * instance picks the same rows; a crash mid-send only delays the mail until
 * the lease runs out.
 */
export async function claimDueMail(db: Knex, now: Date, leaseUntil: Date, limit: number): Promise<OutgoingMailRow[]> {
  return db.transaction(async (trx) => {
    const due = await trx(OUTGOING_MAIL)
      .select('id')
      .where('status', 'queued')
      .andWhere('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    if (due.length === 0) return [];
    return trx(OUTGOING_MAIL)
      .whereIn(
        'id',
        due.map((r: { id: string }) => r.id),
      )
      .update({ next_attempt_at: leaseUntil, attempts: trx.raw('attempts + 1') })
      .returning('*');
  });
}

export async function markMailSent(db: Knex, id: string, now: Date): Promise<void> {
  await db(OUTGOING_MAIL).where({ id }).update({ status: 'sent', sent_at: now, last_error: null });
}

export async function markMailRetry(db: Knex, id: string, nextAttemptAt: Date, error: string): Promise<void> {
  await db(OUTGOING_MAIL).where({ id }).update({ next_attempt_at: nextAttemptAt, last_error: error });
}

export async function markMailFailed(db: Knex, id: string, error: string): Promise<void> {
  await db(OUTGOING_MAIL).where({ id }).update({ status: 'failed', last_error: error });
}
