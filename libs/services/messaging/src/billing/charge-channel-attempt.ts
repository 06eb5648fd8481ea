import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MessageRow } from '../messages/message.types';
import { insertChargesOnce } from './message-charges.repository';
import { CURRENCY, toMicros } from './money';

/**
 * Charges each message's current channel attempt, called in the transaction
 * that records the carrier's acceptances: only a sent attempt is ever charged
 * (canceled, expired, refused and dead-lettered messages never reach here).
 * The amount is the estimate quoted at acceptance, so a price table change
 * never reprices a message already accepted.
 * One insert for all of them.
 */
export async function chargeChannelAttempts(trx: Knex.Transaction, attempts: Array<{ message: MessageRow; fromAddress: string }>, now: Date): Promise<void> {
  if (attempts.length === 0) return;
  await insertChargesOnce(
    trx,
    attempts.map(({ message, fromAddress }) => ({
      id: randomUUID(),
      message_id: message.id,
      attempt_number: message.channel_attempt,
      account_id: message.account_id,
      subaccount_id: message.subaccount_id,
      channel_type: message.channel_type,
      destination: message.destination,
      from_address: fromAddress,
      segment_count: message.segment_count,
      amount_micros: toMicros(message.estimated_cost),
      currency: CURRENCY,
      charged_at: now,
    })),
  );
}
