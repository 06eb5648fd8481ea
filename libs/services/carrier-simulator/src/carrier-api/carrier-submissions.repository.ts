import type { Knex } from 'knex';
import type { CarrierOutcome } from '../behaviors/carrier-behavior.rules';
import type { CarrierSubmission } from './carrier-submission.rules';

export interface StoredSubmission extends CarrierSubmission {
  carrierMessageId: string;
  outcome: CarrierOutcome;
}

interface SubmissionRow {
  carrier_message_id: string;
  reference: string;
}

export async function findCarrierMessageId(db: Knex, reference: string): Promise<string | undefined> {
  const row = await db<SubmissionRow>('carrier_submissions').where({ reference }).first('carrier_message_id');
  return row?.carrier_message_id;
}

/** Inserts unless the reference is known; returns false when another submission won the race. */
export async function insertSubmissionIfNew(db: Knex, s: StoredSubmission, now: Date): Promise<boolean> {
  const inserted = await db('carrier_submissions')
    .insert({
      carrier_message_id: s.carrierMessageId,
      reference: s.reference,
      account_id: s.accountId,
      channel: s.channel,
      from_address: s.from,
      to_address: s.to,
      body: s.body,
      outcome: s.outcome,
      submitted_at: now,
    })
    .onConflict('reference')
    .ignore()
    .returning('carrier_message_id');
  return inserted.length > 0;
}

/**
 * The carrier message id of the latest accepted attempt of platform message
 * `messageId` that `accountId` sent on `channel` to `to` (references are
 * `<messageId>:<attempt>`); undefined when there is none.
 */
export async function findLatestAttemptSentTo(
  db: Knex,
  sent: { messageId: string; accountId: string; channel: string; to: string },
): Promise<string | undefined> {
  const rows: SubmissionRow[] = await db('carrier_submissions')
    .where({ account_id: sent.accountId, channel: sent.channel, to_address: sent.to })
    .where('reference', 'like', `${sent.messageId}:%`)
    .select('carrier_message_id', 'reference');
  const attemptOf = (reference: string) => Number.parseInt(reference.slice(sent.messageId.length + 1), 10) || 0;
  const latest = rows.sort((a, b) => attemptOf(b.reference) - attemptOf(a.reference))[0];
  return latest?.carrier_message_id;
}
