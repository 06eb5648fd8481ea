import { FieldErrors } from '@mp/problems';
import type { Knex } from 'knex';
import type { MailboxMessage, MailboxRepository } from './mailbox.repository';

// A sandbox mailbox is read for the latest token or code; older mail is of no use to anyone.
export const MAILBOX_PAGE_LIMIT = 100;

/** GET /v1/sandbox/mailbox?to=: the mail sent to one address, newest first (anonymous). */
export class ListMailboxUseCase {
  constructor(
    private readonly db: Knex,
    private readonly mailbox: MailboxRepository,
  ) {}

  async execute(to: string): Promise<MailboxMessage[]> {
    const errors = new FieldErrors();
    if (to.trim() === '') errors.add('to', 'to is required.');
    errors.throwIfAny();
    return this.mailbox.listFor(this.db, to, MAILBOX_PAGE_LIMIT);
  }
}
