import { FieldErrors } from '@mp/problems';
import type { Knex } from 'knex';
import { listMailboxMessages, type MailboxMessage } from './mailbox.repository';

// A sandbox mailbox is read for the latest token or code; older mail is of no use to anyone.
export const MAILBOX_PAGE_LIMIT = 100;

/** GET /v1/sandbox/mailbox?to=: the mail sent to one address, newest first (anonymous). */
export async function listMailbox(db: Knex, to: string): Promise<MailboxMessage[]> {
  const errors = new FieldErrors();
  if (to.trim() === '') errors.add('to', 'to is required.');
  errors.throwIfAny();
  return listMailboxMessages(db, to, MAILBOX_PAGE_LIMIT);
}
