import type { SqlStatement } from '@mp/events';
import type { Knex } from 'knex';
import type {
  AuditRow,
  ChannelAttemptRow,
  MessageRow,
  MessageStatus,
  NewAuditEntry,
  NewChannelAttempt,
} from './message.types';

/**
 * Table access for messages, channel attempts and the audit trail. Every
 * function takes the executor (the service knex or a transaction) so callers
 * decide what runs together; on PGlite a query on the root knex inside an
 * open transaction would wait for that transaction forever.
 */

/**
 * Counters a write must move, as CTEs each returning one row per thing it counted (quota
 * windows): unless together they return `rows` rows, the whole statement fails and stores nothing.
 */
export interface RequiredCounts {
  statements: SqlStatement[];
  rows: number;
}

/**
 * New messages with their first audit entry each and, when given, another insert (their events'
 * outbox rows) and the counts they need, in one statement: answers the stored rows in the order given.
 */
export async function insertMessagesWithAudits(
  q: Knex,
  rows: MessageRow[],
  entries: NewAuditEntry[],
  alongside?: SqlStatement,
  counts?: RequiredCounts,
): Promise<{ messages: MessageRow[]; audits: AuditRow[] }> {
  if (rows.length === 0) return { messages: [], audits: [] };
  const messages = q('messages').insert(rows.map(storableMessage)).returning('*').toSQL();
  const audits = q('message_audit').insert(entries).returning(['id', 'message_id']).toSQL();
  const counters = counts?.statements ?? [];
  const counterCtes = counters.map((c, i) => `, counted_${i} as (${c.sql})`).join('');
  // A count short of `rows` divides by zero, which fails the statement: nothing it wrote stays (one
  // statement is atomic), and the caller learns why by writing again in a transaction.
  const countCheck = counters.length > 0 ? `, 1 / ((${counters.map((_, i) => `(select count(*) from counted_${i})`).join(' + ')}) = ?)::int as counted` : '';
  // Sibling inserts of one statement: the audit rows' foreign key is checked at its end, messages in.
  const result = await q.raw<{ rows: Array<MessageRow & { audit_id: string; counted?: number }> }>(
    `with m as (${messages.sql}), a as (${audits.sql})${alongside ? `, alongside as (${alongside.sql})` : ''}${counterCtes}
     select m.*, a.id as audit_id${countCheck} from m join a on a.message_id = m.id`,
    [
      ...messages.bindings,
      ...audits.bindings,
      ...(alongside?.bindings ?? []),
      ...counters.flatMap((c) => c.bindings),
      ...(counters.length > 0 ? [counts!.rows] : []),
    ] as Knex.RawBinding[],
  );
  const stored = new Map(result.rows.map(({ audit_id, counted: _counted, ...message }) => [message.id, { message: message as MessageRow, auditId: audit_id }]));
  return {
    messages: rows.map((row) => stored.get(row.id)!.message),
    audits: entries.map((entry) => ({ ...entry, id: stored.get(entry.message_id)!.auditId })),
  };
}

/** jsonb as JSON text: the pg driver would send a JS array as a Postgres array. */
function storableMessage(row: MessageRow): Record<string, unknown> {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  return {
    ...row,
    reply_options: json(row.reply_options),
    template_parameters: json(row.template_parameters),
    whatsapp_template: json(row.whatsapp_template ?? null),
  };
}

export async function findMessage(
  q: Knex,
  where: { id: string; accountId: string; subaccountId?: string },
): Promise<MessageRow | undefined> {
  const query = q<MessageRow>('messages').where({ id: where.id, account_id: where.accountId });
  if (where.subaccountId !== undefined) query.andWhere({ subaccount_id: where.subaccountId });
  return (await query.first()) as MessageRow | undefined;
}

export async function findMessageById(q: Knex, id: string): Promise<MessageRow | undefined> {
  return (await q<MessageRow>('messages').where({ id }).first()) as MessageRow | undefined;
}

/**
 * The message as last committed, locked to the end of the transaction: a
 * writer that changed it and has not committed yet is waited for.
 */
export async function lockMessage(q: Knex, id: string): Promise<MessageRow | undefined> {
  return (await q<MessageRow>('messages').where({ id }).forUpdate().first()) as MessageRow | undefined;
}

export interface TransitionGuard {
  id: string;
  /** The status the caller saw; the update misses if another writer moved it. */
  from: MessageStatus;
  /** The dispatcher's lease token, so a pass whose lease ran out cannot write. */
  claimToken?: string;
  /** The channel attempt a receipt names. */
  channelAttempt?: number;
}

/**
 * Conditional UPDATE on the expected current state: returns the new row, or
 * undefined when the message was not in that state (someone else already
 * made the transition), so no transition ever happens twice.
 */
export async function updateIfInState(
  q: Knex,
  guard: TransitionGuard,
  changes: Partial<MessageRow>,
): Promise<MessageRow | undefined> {
  const query = q<MessageRow>('messages').where({ id: guard.id, status: guard.from });
  if (guard.claimToken !== undefined) query.andWhere({ claim_token: guard.claimToken });
  if (guard.channelAttempt !== undefined) query.andWhere({ channel_attempt: guard.channelAttempt });
  const [row] = await query.update(changes).returning('*');
  return row as MessageRow | undefined;
}

export async function insertAudit(q: Knex, entry: NewAuditEntry): Promise<AuditRow> {
  const [row] = await insertAudits(q, [entry]);
  return row;
}

/** Several audit entries in one insert, in order. */
export async function insertAudits(q: Knex, entries: NewAuditEntry[]): Promise<AuditRow[]> {
  if (entries.length === 0) return [];
  return (await q<AuditRow>('message_audit').insert(entries).returning('*')) as AuditRow[];
}

/**
 * The dispatch pass's messages the carrier accepted, queued -> dispatched in one statement, each
 * only while the pass still holds it (its lease token): answers the new rows by id.
 */
export async function markDispatched(
  q: Knex,
  messages: Array<{ id: string; claimToken: string | null; fallbackDueAt: Date | null }>,
  now: Date,
): Promise<Map<string, MessageRow>> {
  if (messages.length === 0) return new Map();
  const result = await q.raw<{ rows: MessageRow[] }>(
    `update messages as m
        set status = 'dispatched', updated_at = ?, claimed_until = null, claim_token = null, last_error = null,
            fallback_due_at = v.fallback_due_at
       from (values ${messages.map(() => '(?::uuid, ?::uuid, ?::timestamptz)').join(', ')}) as v(id, claim_token, fallback_due_at)
      where m.id = v.id and m.status = 'queued' and (v.claim_token is null or m.claim_token = v.claim_token)
      returning m.*`,
    [now, ...messages.flatMap((m) => [m.id, m.claimToken, m.fallbackDueAt])],
  );
  return new Map(result.rows.map((row) => [row.id, row]));
}

export async function listAudit(q: Knex, messageId: string): Promise<AuditRow[]> {
  return (await q<AuditRow>('message_audit').where({ message_id: messageId }).orderBy('id')) as AuditRow[];
}

/**
 * Dispatched messages whose current attempt a `delivered` receipt names, dispatched -> delivered
 * in one statement: answers the new rows by id (a message elsewhere is left alone).
 */
export async function markDelivered(q: Knex, messages: Array<{ id: string; channelAttempt: number }>, now: Date): Promise<Map<string, MessageRow>> {
  if (messages.length === 0) return new Map();
  const result = await q.raw<{ rows: MessageRow[] }>(
    `update messages as m
        set status = 'delivered', updated_at = ?, fallback_due_at = null
       from (values ${messages.map(() => '(?::uuid, ?::int)').join(', ')}) as v(id, channel_attempt)
      where m.id = v.id and m.status = 'dispatched' and m.channel_attempt = v.channel_attempt
      returning m.*`,
    [now, ...messages.flatMap((m) => [m.id, m.channelAttempt])],
  );
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** Channel attempts that ended (a receipt), in one statement. */
export async function completeChannelAttempts(
  q: Knex,
  attempts: Array<{ messageId: string; attemptNumber: number; status: string; completedAt: Date }>,
): Promise<void> {
  if (attempts.length === 0) return;
  await q.raw(
    `update message_channel_attempts as a
        set status = v.status, completed_at = v.completed_at, failure_reason = null
       from (values ${attempts.map(() => '(?::uuid, ?::int, ?::text, ?::timestamptz)').join(', ')}) as v(message_id, attempt_number, status, completed_at)
      where a.message_id = v.message_id and a.attempt_number = v.attempt_number`,
    attempts.flatMap((a) => [a.messageId, a.attemptNumber, a.status, a.completedAt]),
  );
}

export async function insertChannelAttempt(q: Knex, attempt: NewChannelAttempt): Promise<ChannelAttemptRow> {
  const [row] = await insertChannelAttempts(q, [attempt]);
  return row;
}

/** Several channel attempts in one insert. */
export async function insertChannelAttempts(q: Knex, attempts: NewChannelAttempt[]): Promise<ChannelAttemptRow[]> {
  if (attempts.length === 0) return [];
  return (await q<ChannelAttemptRow>('message_channel_attempts').insert(attempts).returning('*')) as ChannelAttemptRow[];
}

export async function updateChannelAttempt(
  q: Knex,
  where: { messageId: string; attemptNumber: number },
  changes: Partial<ChannelAttemptRow>,
): Promise<void> {
  await q('message_channel_attempts')
    .where({ message_id: where.messageId, attempt_number: where.attemptNumber })
    .update(changes);
}

export async function listChannelAttempts(q: Knex, messageId: string): Promise<ChannelAttemptRow[]> {
  return (await q<ChannelAttemptRow>('message_channel_attempts')
    .where({ message_id: messageId })
    .orderBy('attempt_number')) as ChannelAttemptRow[];
}
