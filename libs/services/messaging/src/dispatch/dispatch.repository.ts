import type { Knex } from 'knex';
import { NOT_HELD } from '../holds/account-hold.repository';
import type { MessageRow } from '../messages/message.types';

export interface ClaimOptions {
  /** A sending queue per channel: only this channel's messages; every channel when absent. */
  channel?: string;
  now: Date;
  leaseUntil: Date;
  token: string;
  limit: number;
}

/** When a message started waiting to be sent: its sendAt if scheduled, else its acceptance. */
const waitingSince = (m: MessageRow) => new Date(m.send_at ?? m.created_at).getTime();

/** spec 3.1 "Ordering of waiting work": urgent first, then the longest waiting. */
export const urgentFirst = (a: MessageRow, b: MessageRow) =>
  Number(a.priority !== 'Urgent') - Number(b.priority !== 'Urgent') ||
  waitingSince(a) - waitingSince(b) ||
  new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Takes a lease on up to `limit` due queued messages, urgent first, then the
 * longest waiting (spec 3.1 "Ordering of waiting work"): a retry is as old as
 * its acceptance (or sendAt), not its last failure. Messages of an account on
 * hold are not taken: they wait, queued. SKIP LOCKED lets
 * several dispatcher instances claim side by side; the lease (not a held
 * transaction) keeps a message theirs while they call other services, and
 * lets another pass take it over if this process dies. Scheduled messages are
 * never picked: their release moves them to queued first.
 */
/** A message a pass may take now (two `now` bindings): queued, due, not leased, its account not on hold. */
const CLAIMABLE = `status = 'queued' and next_attempt_at <= ? and (claimed_until is null or claimed_until <= ?) and ${NOT_HELD}`;

export async function claimDueMessages(db: Knex, options: ClaimOptions): Promise<MessageRow[]> {
  const result = await db.raw<{ rows: MessageRow[] }>(
    `update messages set claimed_until = ?, claim_token = ?
      where id in (
        select id from messages
         where ${CLAIMABLE} and (?::text is null or channel_type = ?)
         order by case when priority = 'Urgent' then 0 else 1 end, coalesce(send_at, created_at), created_at, id
         limit ?
         for update skip locked)
      returning *`,
    [options.leaseUntil, options.token, options.now, options.now, options.channel ?? null, options.channel ?? null, options.limit],
  );
  // RETURNING does not keep the subquery's order.
  return [...result.rows].sort(urgentFirst);
}

/**
 * Of these channels, those whose queue has a message to claim now (as
 * claimDueMessages would take it): one statement for every queue, so the idle
 * poll costs one statement rather than one claim per channel.
 */
export async function channelsWithDueWork(db: Knex, channels: readonly string[], now: Date): Promise<string[]> {
  if (channels.length === 0) return [];
  const result = await db.raw<{ rows: Array<{ channel: string }> }>(
    `select c.channel from (values ${channels.map(() => '(?)').join(', ')}) as c(channel)
      where exists (
        select 1 from messages where channel_type = c.channel and ${CLAIMABLE})`,
    [...channels, now, now],
  );
  return result.rows.map((row) => row.channel);
}

/**
 * Gives back the lease on claimed messages that were never tried (a pass
 * stopping on shutdown), so the next dispatcher takes them at once instead of
 * after DISPATCH_LEASE_MS. Only rows still queued under this pass's token:
 * one that another pass took over, or that changed status, is left alone.
 * Returns how many were released.
 */
export async function releaseClaims(db: Knex, claims: { ids: string[]; token: string }): Promise<number> {
  if (claims.ids.length === 0) return 0;
  return db('messages')
    .whereIn('id', claims.ids)
    .andWhere({ claim_token: claims.token, status: 'queued' })
    .update({ claimed_until: null, claim_token: null });
}
