import type { Knex } from 'knex';
import type { LinkCandidate } from '../receiving/reply-link.rules';
import type { MessageDispatchRow, SentMessageRow } from './sent-message';

export const SENT_MESSAGES = 'sent_messages';
export const MESSAGE_DISPATCHES = 'message_dispatches';

/** The first dispatch of a message records it; later attempts find it there (the copy never changes). */
export async function recordSentMessages(db: Knex, rows: SentMessageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db(SENT_MESSAGES)
    .insert(rows.map((row) => ({ ...row, reply_options: JSON.stringify(row.reply_options) })))
    .onConflict('message_id')
    .ignore();
}

/** Once per (message, attempt): a repeated event changes nothing. */
export async function recordDispatches(db: Knex, rows: MessageDispatchRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db(MESSAGE_DISPATCHES).insert(rows).onConflict(['message_id', 'attempt']).ignore();
}

interface CandidateRow {
  message_id: string;
  account_id: string;
  subaccount_id: string | null;
  destination: string;
  client_reference: string | null;
  expires_at: Date | string | null;
  reply_options: unknown;
  from_address: string;
  carrier_message_id: string | null;
  dispatched_at: Date | string;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toCandidate(row: CandidateRow): LinkCandidate {
  const options = typeof row.reply_options === 'string' ? JSON.parse(row.reply_options) : row.reply_options;
  return {
    messageId: row.message_id,
    accountId: row.account_id,
    subaccountId: row.subaccount_id ?? undefined,
    destination: row.destination,
    clientReference: row.client_reference ?? undefined,
    expiresAt: row.expires_at === null ? undefined : asDate(row.expires_at),
    replyOptions: Array.isArray(options) ? options : [],
    fromAddress: row.from_address,
    carrierMessageId: row.carrier_message_id ?? undefined,
    dispatchedAt: asDate(row.dispatched_at),
  };
}

const candidates = (db: Knex, accountId: string) =>
  db(`${MESSAGE_DISPATCHES} as d`)
    .join(`${SENT_MESSAGES} as m`, 'm.message_id', 'd.message_id')
    .select('m.message_id', 'm.account_id', 'm.subaccount_id', 'm.destination', 'm.client_reference', 'm.expires_at', 'm.reply_options')
    .select('d.from_address', 'd.carrier_message_id', 'd.dispatched_at')
    .where('m.account_id', accountId);

/**
 * The account's dispatches to `recipient` from `sender` (addresses without
 * case) in (since, until]: what a reply from `recipient` to `sender` may
 * answer. The rules (reply-link.rules) choose among them.
 */
export async function findLinkCandidates(
  db: Knex,
  query: { accountId: string; recipient: string; sender: string; since: Date; until: Date },
): Promise<LinkCandidate[]> {
  const rows: CandidateRow[] = await candidates(db, query.accountId)
    .whereRaw('lower(m.destination) = lower(?)', [query.recipient])
    .whereRaw('lower(d.from_address) = lower(?)', [query.sender])
    .where('d.dispatched_at', '>', query.since)
    .andWhere('d.dispatched_at', '<=', query.until);
  return rows.map(toCandidate);
}

/** The account's dispatches the carrier knows as `carrierMessageId` (what a quoting WhatsApp reply names). */
export async function findDispatchesByCarrierMessageId(db: Knex, accountId: string, carrierMessageId: string): Promise<LinkCandidate[]> {
  const rows: CandidateRow[] = await candidates(db, accountId).where('d.carrier_message_id', carrierMessageId);
  return rows.map(toCandidate);
}
