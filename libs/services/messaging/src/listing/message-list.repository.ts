import type { Knex } from 'knex';
import type { AuditRow, ChannelAttemptRow, MessageRow, MessageStatus } from '../messages/message.types';
import type { MessageCursor } from './message-cursor';

export interface MessagePageQuery {
  accountId: string;
  subaccountId?: string;
  status?: MessageStatus;
  clientReference?: string;
  from?: Date;
  to?: Date;
  after?: MessageCursor;
  limit: number;
}

/** A row with its keyset position at the database's precision (microseconds). */
export type PositionedMessageRow = MessageRow & { cursor_created_at: string };

/** Newest first on (created_at desc, id desc), after the cursor's position: an index range scan. */
export async function pageMessages(q: Knex, query: MessagePageQuery): Promise<PositionedMessageRow[]> {
  const select = q<MessageRow>('messages')
    .select('*')
    .select(q.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_created_at`))
    .where('account_id', query.accountId);
  if (query.subaccountId !== undefined) select.andWhere('subaccount_id', query.subaccountId);
  if (query.status !== undefined) select.andWhere('status', query.status);
  if (query.clientReference !== undefined) select.andWhere('client_reference', query.clientReference);
  if (query.from) select.andWhere('created_at', '>=', query.from);
  if (query.to) select.andWhere('created_at', '<', query.to);
  if (query.after) {
    select.andWhereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [query.after.createdAt, query.after.messageId]);
  }
  return (await select
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit)) as PositionedMessageRow[];
}

/** The channel attempts and audit entries of a page's messages, two queries for the whole page. */
export async function historiesOf(
  q: Knex,
  messageIds: string[],
): Promise<{ attempts: Map<string, ChannelAttemptRow[]>; audit: Map<string, AuditRow[]> }> {
  const attempts = new Map<string, ChannelAttemptRow[]>();
  const audit = new Map<string, AuditRow[]>();
  if (messageIds.length === 0) return { attempts, audit };
  const attemptRows = (await q<ChannelAttemptRow>('message_channel_attempts')
    .whereIn('message_id', messageIds)
    .orderBy(['message_id', 'attempt_number'])) as ChannelAttemptRow[];
  const auditRows = (await q<AuditRow>('message_audit').whereIn('message_id', messageIds).orderBy('id')) as AuditRow[];
  for (const row of attemptRows) attempts.set(row.message_id, [...(attempts.get(row.message_id) ?? []), row]);
  for (const row of auditRows) audit.set(row.message_id, [...(audit.get(row.message_id) ?? []), row]);
  return { attempts, audit };
}
