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

/**
 * The recipient's latest entry on one channel (an every-channel entry of
 * that address included), for each query: its id (index-aligned with
 * `queries`; undefined when the recipient has none there), in one statement.
 */
export async function latestEntryIds(db: Knex, queries: readonly LatestEntryQuery[]): Promise<Array<string | undefined>> {
  const found: Array<string | undefined> = queries.map(() => undefined);
  if (queries.length === 0) return found;
  const input = queries.map((q, i) => ({
    i,
    account_id: q.accountId,
    recipient: q.recipient,
    channel_type: q.channelType,
    // An every-channel entry counts when the channel is one of the address's.
    every_channel: (channelsOfAddress(q.recipient) as string[]).includes(q.channelType) ? EVERY_CHANNEL : null,
    sending_subaccount_id: q.sendingSubaccountId,
  }));
  const { rows } = (await db.raw(
    `select k.i, e.entry_id
       from jsonb_to_recordset(?::jsonb) as k(i int, account_id uuid, recipient text, channel_type text, every_channel text, sending_subaccount_id uuid)
       cross join lateral (
         select e.entry_id
           from ${CONSENT_ENTRIES} e
          where e.account_id = k.account_id
            and e.recipient = k.recipient
            and (e.channel_type = k.channel_type or e.channel_type = k.every_channel)
            and (k.sending_subaccount_id is null or e.subaccount_id = k.sending_subaccount_id or e.subaccount_id is null)
          order by e.position desc
          limit 1
       ) e`,
    [JSON.stringify(input)],
  )) as { rows: Array<{ i: number; entry_id: string }> };
  for (const row of rows) found[row.i] = row.entry_id;
  return found;
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
