import type { Clock } from '@mp/clock';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { messageOutcome, nextPartStat, type PartStatus } from './message-outcome.rules';
import { recordPartCarrierEvent, type PartReceipt } from './part-carrier-event';
import { receiptsApplied, receiptsExpired } from './smpp-delivery-metrics';

export interface ReceiptStepDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
}

interface MatchedRow {
  id: string;
  connection: string;
  smsc_message_id: string;
  stat: string;
  err: string | null;
  network_error: string | null;
  received_at: Date | string;
  reference: string;
  part_index: number;
  part_count: number;
}

/** Messages whose receipts are applied at once (each a transaction on its own pooled connection). */
const RECEIPTS_SIDE_BY_SIDE = 4;

/** The outcome's event id: one per message attempt and status, so provider-callback deduplicates a reprocess. */
export const outcomeEventId = (connection: string, reference: string, status: string) => `smpp:${connection}:${reference}:${status}`;

/** One receipt applied to its part, and the message's outcome kept once decided, in one transaction. */
async function applyOne(deps: ReceiptStepDeps, row: MatchedRow): Promise<void> {
  const now = deps.clock.now();
  const receipt: PartReceipt = {
    connection: row.connection,
    smscMessageId: row.smsc_message_id,
    reference: row.reference,
    partIndex: row.part_index,
    partCount: row.part_count,
    stat: row.stat,
    err: row.err,
    receivedAt: new Date(row.received_at),
  };
  await deps.db.transaction(async (trx) => {
    const key = { connection: row.connection, smsc_message_id: row.smsc_message_id };
    const part = (await trx('smpp_parts').where(key).forUpdate().first('stat')) as { stat: string | null } | undefined;
    if (!part) return; // re-recorded under another key since the match: the next pass sees it again
    const stat = nextPartStat(part.stat ?? undefined, row.stat);
    if (stat !== part.stat) await trx('smpp_parts').where(key).update({ stat, err: row.err, network_error: row.network_error });
    await trx('smpp_deliveries').where({ id: row.id }).update({ state: 'applied', handled_at: now });
    await recordPartCarrierEvent(trx, receipt, now);

    const parts = (await trx('smpp_parts').where({ connection: row.connection, reference: row.reference }).select('smsc_message_id', 'part_index', 'part_count', 'stat', 'network_error')) as Array<{
      smsc_message_id: string;
      part_index: number;
      part_count: number;
      stat: string | null;
      network_error: string | null;
    }>;
    const statuses: PartStatus[] = parts.map((p) => ({ partIndex: p.part_index, partCount: p.part_count, stat: p.stat ?? undefined, networkError: p.network_error ?? undefined }));
    const outcome = messageOutcome(statuses);
    if (!outcome) return;
    const first = parts.reduce((a, b) => (a.part_index <= b.part_index ? a : b));
    await trx('smpp_outcomes')
      .insert({
        reference: row.reference,
        connection: row.connection,
        event_id: outcomeEventId(row.connection, row.reference, outcome.status),
        carrier_message_id: first.smsc_message_id,
        status: outcome.status,
        error_code: outcome.status === 'undelivered' ? outcome.errorCode : null,
        occurred_at: receipt.receivedAt,
      })
      .onConflict('reference')
      .ignore();
  });
  receiptsApplied.inc({ connection: row.connection, stat: row.stat });
}

/**
 * Pending receipts whose SMSC id the ledger now has (also those stored before
 * their part: receipt-before-response), oldest first, each applied to its
 * part; answers how many.
 */
export async function applyPartReceipts(deps: ReceiptStepDeps, limit: number): Promise<number> {
  const rows = (await deps.db('smpp_deliveries as d')
    .join('smpp_parts as p', (j) => j.on('p.connection', 'd.connection').andOn('p.smsc_message_id', 'd.smsc_message_id'))
    .where({ 'd.kind': 'receipt', 'd.state': 'pending' })
    .orderBy('d.id')
    .limit(limit)
    .select('d.id', 'd.connection', 'd.smsc_message_id', 'd.stat', 'd.err', 'd.network_error', 'd.received_at', 'p.reference', 'p.part_index', 'p.part_count')) as MatchedRow[];
  // Each receipt is a transaction of a few round trips: one after another they held delivery to a few dozen a
  // second. Messages go side by side; a message's own receipts stay in order, one at a time, so the transaction
  // that records its last part always sees the others (two side by side could each miss the other's).
  const byMessage = new Map<string, MatchedRow[]>();
  for (const row of rows) byMessage.set(row.reference, [...(byMessage.get(row.reference) ?? []), row]);
  const chains = [...byMessage.values()];
  const lanes = Array.from({ length: Math.min(RECEIPTS_SIDE_BY_SIDE, chains.length) }, async () => {
    for (let chain = chains.shift(); chain; chain = chains.shift()) for (const row of chain) await applyOne(deps, row);
  });
  await Promise.all(lanes);
  return rows.length;
}

/**
 * Receipts no part claimed within `limitMs` of their arrival: the SMSC's id
 * was never one of ours (or its part was never recorded). Kept, marked
 * expired, one warn line per connection and smpp_receipts_unmatched_total.
 */
export async function expireUnmatchedReceipts(deps: ReceiptStepDeps, limitMs: number): Promise<number> {
  const now = deps.clock.now();
  const expired = (await deps.db('smpp_deliveries')
    .where({ kind: 'receipt', state: 'pending' })
    .andWhere('received_at', '<=', new Date(now.getTime() - limitMs))
    .update({ state: 'expired', handled_at: now })
    .returning(['connection', 'smsc_message_id', 'stat'])) as Array<{ connection: string; smsc_message_id: string; stat: string }>;
  const byConnection = new Map<string, typeof expired>();
  for (const row of expired) byConnection.set(row.connection, [...(byConnection.get(row.connection) ?? []), row]);
  for (const [connection, rows] of byConnection) {
    receiptsExpired.inc({ connection }, rows.length);
    deps.logger.warn('SMPP receipts for ids no submitted part has, dropped after the matching limit', {
      connection,
      count: rows.length,
      smscMessageIds: rows.slice(0, 10).map((r) => r.smsc_message_id),
      limitSeconds: Math.round(limitMs / 1000),
    });
  }
  return expired.length;
}
