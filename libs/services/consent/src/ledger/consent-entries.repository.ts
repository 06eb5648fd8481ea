import type { Knex } from 'knex';
import { channelsOfAddress } from '../opt-outs/opt-out';
import { EVERY_CHANNEL, type ConsentEntryRow, type NewConsentEntry } from './consent-entry';

export const CONSENT_ENTRIES = 'consent_entries';

/** Appends one entry; the table refuses updates and deletes. */
export async function appendEntry(trx: Knex, entry: NewConsentEntry): Promise<void> {
  await trx(CONSENT_ENTRIES).insert(entry);
}

export async function findEntries(db: Knex, entryIds: readonly string[]): Promise<ConsentEntryRow[]> {
  if (entryIds.length === 0) return [];
  return db<ConsentEntryRow>(CONSENT_ENTRIES).whereIn('entry_id', [...entryIds]);
}

export interface LatestEntryQuery {
  accountId: string;
  recipient: string;
  channelType: string;
  /**
   * The sending base: a subaccount sees its own entries and the account's
   * (subaccount_id null); account-level sending (null) sees every entry,
   * since a subaccount's opt-out blocks it too.
   */
  sendingSubaccountId: string | null;
}

/** The recipient's latest entry on one channel (an every-channel entry of that address included), if any. */
export async function latestEntry(db: Knex, query: LatestEntryQuery): Promise<ConsentEntryRow | undefined> {
  const channels = [query.channelType];
  if ((channelsOfAddress(query.recipient) as string[]).includes(query.channelType)) channels.push(EVERY_CHANNEL);
  const q = db<ConsentEntryRow>(CONSENT_ENTRIES)
    .where({ account_id: query.accountId, recipient: query.recipient })
    .whereIn('channel_type', channels);
  if (query.sendingSubaccountId !== null) {
    const sub = query.sendingSubaccountId;
    q.andWhere((w) => w.where('subaccount_id', sub).orWhereNull('subaccount_id'));
  }
  return q.orderBy('position', 'desc').first();
}

/**
 * The recipient's latest STOP or START reply recorded on one receiving number
 * (any subaccount), by when the carrier received it; an entry without that
 * time counts as older than any, a tie goes to the later recorded.
 */
export async function latestKeywordReplyEntry(db: Knex, accountId: string, recipient: string, receivingNumber: string): Promise<ConsentEntryRow | undefined> {
  return db<ConsentEntryRow>(CONSENT_ENTRIES)
    .where({ account_id: accountId, recipient, receiving_number: receivingNumber })
    .whereIn('source', ['stop_reply', 'start_reply'])
    .orderByRaw('reply_received_at desc nulls last, position desc')
    .first();
}

/**
 * Holds, until the transaction ends, the right to decide keyword replies of
 * one recipient on one number: two of them decided at once would each miss
 * the other's entry.
 */
export async function lockKeywordReplies(trx: Knex.Transaction, accountId: string, recipient: string, receivingNumber: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`consent.keyword-replies ${accountId} ${recipient} ${receivingNumber}`]);
}
