import type { Knex } from 'knex';
import type { InboundCursor } from './inbound-cursor';
import type { InboundMessageRow } from './inbound-message';

export const INBOUND_MESSAGES = 'inbound_messages';

/** A row plus its exact keyset position (microseconds, UTC) for the next cursor. */
export type PositionedRow = InboundMessageRow & { cursor_received_at: string };

export interface InboundPageQuery {
  accountId: string;
  subaccountId?: string;
  from?: Date;
  to?: Date;
  after?: InboundCursor;
  limit: number;
}

/** Newest first by (received_at, id); `after` continues below the given position. */
export async function pageInboundMessages(db: Knex, query: InboundPageQuery): Promise<PositionedRow[]> {
  const q = db<InboundMessageRow>(INBOUND_MESSAGES)
    .select('*')
    .select(db.raw(`to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_received_at`))
    .where('account_id', query.accountId);
  if (query.subaccountId !== undefined) q.andWhere('subaccount_id', query.subaccountId);
  if (query.from) q.andWhere('received_at', '>=', query.from);
  if (query.to) q.andWhere('received_at', '<', query.to);
  if (query.after) {
    q.andWhereRaw('(received_at, inbound_message_id) < (?::timestamptz, ?::uuid)', [
      query.after.receivedAt,
      query.after.inboundMessageId,
    ]);
  }
  return (await q.orderBy([
    { column: 'received_at', order: 'desc' },
    { column: 'inbound_message_id', order: 'desc' },
  ]).limit(query.limit)) as PositionedRow[];
}

export async function insertInboundMessage(db: Knex, row: InboundMessageRow): Promise<void> {
  await db(INBOUND_MESSAGES).insert(row);
}

/** Stores a reply unless one with its (carrier, carrier message id) is stored; true when it was new. */
export async function insertInboundMessageOnce(db: Knex, row: InboundMessageRow): Promise<boolean> {
  const inserted = await db(INBOUND_MESSAGES)
    .insert(row)
    .onConflict(['carrier', 'carrier_message_id'])
    .ignore()
    .returning('inbound_message_id');
  return inserted.length > 0;
}

/** The replies linked to one message of the account, oldest first (spec 4.2). */
export async function listRepliesToMessage(db: Knex, accountId: string, messageId: string): Promise<InboundMessageRow[]> {
  return db<InboundMessageRow>(INBOUND_MESSAGES)
    .where({ account_id: accountId, in_reply_to_message_id: messageId })
    .orderBy([
      { column: 'received_at', order: 'asc' },
      { column: 'inbound_message_id', order: 'asc' },
    ]);
}

/** One inbound message of the account (and of the subaccount, when given). */
export async function findInboundMessage(
  db: Knex,
  key: { accountId: string; subaccountId?: string; inboundMessageId: string },
): Promise<InboundMessageRow | undefined> {
  const q = db<InboundMessageRow>(INBOUND_MESSAGES).where({ account_id: key.accountId, inbound_message_id: key.inboundMessageId });
  if (key.subaccountId !== undefined) q.andWhere('subaccount_id', key.subaccountId);
  return q.first();
}
