import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { CarrierOutcome } from '../behaviors/carrier-behavior.rules';

/** The behaviour a Cloud API send to `destination` plays, and the account that set it. */
export interface CloudBehaviour {
  accountId: string;
  outcome: CarrierOutcome;
}

/**
 * Meta's request names no account (one phone number id serves every sandbox
 * account), so the behaviour is the latest any account set for the
 * destination, as the SMSC does for a sender of no account. The send is then
 * filed under that account, and filing finds the same behaviour.
 */
export async function latestBehaviourFor(db: Knex, destination: string): Promise<CloudBehaviour | undefined> {
  const row = await db('carrier_behaviors').where({ destination }).orderBy('updated_at', 'desc').first('account_id', 'outcome');
  return row ? { accountId: row.account_id as string, outcome: row.outcome as CarrierOutcome } : undefined;
}

/**
 * Meta reports `sent` as soon as it has the message, then `delivered`: a send
 * whose receipt is `delivered` also gets a `sent` status, due when it was
 * submitted. Runs in the filing's transaction (SubmitOptions.onAccepted).
 */
export async function scheduleSentStatus(trx: Knex.Transaction, carrierMessageId: string): Promise<void> {
  await trx.raw(
    `insert into carrier_receipts (event_id, carrier_message_id, reference, status, error_code, occurred_at, next_attempt_at, traceparent)
     select ?, r.carrier_message_id, r.reference, 'sent', null, s.submitted_at, s.submitted_at, r.traceparent
       from carrier_receipts r join carrier_submissions s on s.carrier_message_id = r.carrier_message_id
      where r.carrier_message_id = ? and r.status = 'delivered'`,
    [randomUUID(), carrierMessageId],
  );
}
