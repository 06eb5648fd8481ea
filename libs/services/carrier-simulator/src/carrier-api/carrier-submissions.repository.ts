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
