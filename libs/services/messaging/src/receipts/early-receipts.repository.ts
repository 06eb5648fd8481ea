import type { Knex } from 'knex';
import type { providerCallbackEvents } from '@mp/contracts';

const TABLE = 'early_receipts';

/** A receipt for a channel attempt whose dispatch is not recorded yet. */
export async function keepEarlyReceipt(trx: Knex.Transaction, receipt: providerCallbackEvents.CarrierReceiptReceived, payload: unknown, now: Date): Promise<void> {
  await trx(TABLE).insert({ message_id: receipt.messageId, attempt_number: receipt.attempt, payload: JSON.stringify(payload), received_at: now });
}

/** Takes the receipts kept for these messages' current attempts, in arrival order (removing them). */
export async function takeEarlyReceipts(trx: Knex.Transaction, attempts: Array<{ messageId: string; attemptNumber: number }>): Promise<unknown[]> {
  if (attempts.length === 0) return [];
  const rows: Array<{ id: string; payload: unknown }> = await trx(TABLE)
    .whereIn(
      ['message_id', 'attempt_number'],
      attempts.map((a) => [a.messageId, a.attemptNumber]),
    )
    .delete()
    .returning(['id', 'payload']);
  return rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))).map((row) => row.payload);
}
