import type { Knex } from 'knex';

export interface MailboxMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  sentAt: Date;
}

interface MailboxRow {
  to_address: string;
  from_address: string;
  subject: string;
  text: string;
  sent_at: Date | string;
}

/** Addresses are kept and matched lower-case: mailboxes are not case-sensitive in practice. */
export const normalizeAddress = (address: string) => address.trim().toLowerCase();

export async function storeMailboxMessages(db: Knex, messages: MailboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db('mailbox_messages').insert(
    messages.map((m) => ({
      to_address: normalizeAddress(m.to),
      from_address: m.from,
      subject: m.subject,
      text: m.text,
      sent_at: m.sentAt,
    })),
  );
}

/** Newest first; the serial id orders mail stored within the same instant. */
export async function listMailboxMessages(db: Knex, to: string, limit: number): Promise<MailboxMessage[]> {
  const rows = await db<MailboxRow>('mailbox_messages')
    .where({ to_address: normalizeAddress(to) })
    .orderBy([
      { column: 'sent_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('to_address', 'from_address', 'subject', 'text', 'sent_at');
  return rows.map((r) => ({ to: r.to_address, from: r.from_address, subject: r.subject, text: r.text, sentAt: new Date(r.sent_at) }));
}
