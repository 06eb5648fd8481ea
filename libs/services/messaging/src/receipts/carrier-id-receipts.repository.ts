import type { Knex } from 'knex';

const TABLE = 'early_carrier_receipts';

export interface CarrierMessageKey {
  carrier: string;
  carrierMessageId: string;
}

/**
 * Serialises a receipt by carrier id with the dispatch record of that id:
 * each side takes these transaction locks first, in one sorted order, so a
 * receipt that finds no accepted submission yet is kept before the dispatch
 * looks for it, or waits for the dispatch to commit and then finds it.
 */
export async function lockCarrierMessages(trx: Knex.Transaction, keys: readonly CarrierMessageKey[]): Promise<void> {
  const names = [...new Set(keys.map((k) => `carrier-receipt\n${k.carrier}\n${k.carrierMessageId}`))].sort();
  if (names.length === 0) return;
  await trx.raw('select pg_advisory_xact_lock(hashtext(k)) from unnest(?::text[]) as k order by k', [names]);
}

/** The message attempt a connection's accepted submission of this carrier id belongs to. */
export async function attemptOfCarrierMessage(trx: Knex.Transaction, key: CarrierMessageKey): Promise<{ messageId: string; attempt: number } | undefined> {
  const row = (await trx('carrier_events')
    .where({ carrier: key.carrier, carrier_message_id: key.carrierMessageId, type: 'submission_accepted' })
    .orderBy('id', 'desc')
    .first('message_id', 'attempt_number')) as { message_id: string; attempt_number: number } | undefined;
  return row && { messageId: row.message_id, attempt: row.attempt_number };
}

/** A receipt for a carrier id no accepted submission has yet. */
export async function keepEarlyCarrierReceipt(trx: Knex.Transaction, key: CarrierMessageKey, payload: unknown, now: Date): Promise<void> {
  await trx(TABLE).insert({ carrier: key.carrier, carrier_message_id: key.carrierMessageId, payload: JSON.stringify(payload), received_at: now });
}

/** Takes the receipts kept for these carrier ids, in arrival order (removing them). */
export async function takeEarlyCarrierReceipts(trx: Knex.Transaction, keys: readonly CarrierMessageKey[]): Promise<unknown[]> {
  if (keys.length === 0) return [];
  const result = await trx.raw<{ rows: Array<{ id: string; payload: unknown }> }>(
    `delete from ${TABLE} as e using unnest(?::text[], ?::text[]) as k(carrier, carrier_message_id)
      where e.carrier = k.carrier and e.carrier_message_id = k.carrier_message_id
      returning e.id, e.payload`,
    [keys.map((k) => k.carrier), keys.map((k) => k.carrierMessageId)],
  );
  return [...result.rows].sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))).map((row) => row.payload);
}
