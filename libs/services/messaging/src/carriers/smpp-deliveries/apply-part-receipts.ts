import type { Clock } from '@mp/clock';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { recordPartCarrierEvents, type PartReceipt } from './part-carrier-event';
import { applyReceiptsInOrder, type DecidedOutcome, type LedgerPart, type PassReceipt } from './receipt-pass.rules';
import { receiptsApplied, receiptsExpired } from './smpp-delivery-metrics';

export interface ReceiptStepDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
}

/** A pending receipt and the reference of the part it matched, locked for the pass. */
interface MatchedRow {
  id: string;
  connection: string;
  smsc_message_id: string;
  stat: string;
  err: string | null;
  network_error: string | null;
  received_at: Date | string;
  reference: string;
}

interface PartRow {
  connection: string;
  smsc_message_id: string;
  reference: string;
  part_index: number;
  part_count: number;
  stat: string | null;
  err: string | null;
  network_error: string | null;
}

/** The outcome's event id: one per message attempt and status, so provider-callback deduplicates a reprocess. */
export const outcomeEventId = (connection: string, reference: string, status: string) => `smpp:${connection}:${reference}:${status}`;

/**
 * The pass's receipts: pending ones whose part the ledger has, oldest first,
 * locked. SKIP LOCKED: a pass running at the same time (another replica) takes
 * other rows, and a row it applied meanwhile is re-read as no longer pending.
 */
async function lockMatchedReceipts(trx: Knex.Transaction, limit: number): Promise<MatchedRow[]> {
  const result = await trx.raw(
    `select d.id, d.connection, d.smsc_message_id, d.stat, d.err, d.network_error, d.received_at, p.reference
     from smpp_deliveries d
     join smpp_parts p on p.connection = d.connection and p.smsc_message_id = d.smsc_message_id
     where d.kind = 'receipt' and d.state = 'pending'
     order by d.id
     limit ?
     for update of d skip locked`,
    [limit],
  );
  return result.rows as MatchedRow[];
}

/**
 * Every part of the receipts' messages, locked in key order (two passes lock
 * in the same order, so neither waits on the other in a cycle). Locking the
 * whole message, not just the receipted parts, makes a pass that applies a
 * message's other part wait for this one and then read its parts as this one
 * left them: two passes can never each miss the other's part and leave a
 * decided message undecided.
 */
async function lockPartsOf(trx: Knex.Transaction, rows: readonly MatchedRow[]): Promise<PartRow[]> {
  const messages = new Set(rows.map((r) => `${r.connection}\n${r.reference}`));
  // By reference (its index; a row-value IN list of pairs was planned as a scan of the whole ledger, 15 to 50 ms a
  // pass): a reference names one message attempt, so the connection only narrows what is read.
  const parts = (await trx('smpp_parts')
    .whereIn('reference', [...new Set(rows.map((r) => r.reference))])
    .whereIn('connection', [...new Set(rows.map((r) => r.connection))])
    .orderBy(['connection', 'smsc_message_id'])
    .forUpdate()
    .select('connection', 'smsc_message_id', 'reference', 'part_index', 'part_count', 'stat', 'err', 'network_error')) as PartRow[];
  return parts.filter((p) => messages.has(`${p.connection}\n${p.reference}`));
}

/** The changed parts' stat, err and network error, in one statement. */
async function updateParts(trx: Knex.Transaction, parts: readonly LedgerPart[]): Promise<void> {
  if (parts.length === 0) return;
  await trx.raw(
    `update smpp_parts as p set stat = v.stat, err = v.err, network_error = v.network_error
     from (values ${parts.map(() => '(?::text, ?::text, ?::text, ?::text, ?::text)').join(', ')}) as v(connection, smsc_message_id, stat, err, network_error)
     where p.connection = v.connection and p.smsc_message_id = v.smsc_message_id`,
    parts.flatMap((p) => [p.connection, p.smscMessageId, p.stat, p.err, p.networkError]),
  );
}

/** Decided outcomes kept once: a message decided by an earlier pass keeps its row. */
async function insertOutcomes(trx: Knex.Transaction, outcomes: readonly DecidedOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await trx('smpp_outcomes')
    .insert(
      outcomes.map((o) => ({
        reference: o.reference,
        connection: o.connection,
        event_id: outcomeEventId(o.connection, o.reference, o.status),
        carrier_message_id: o.carrierMessageId,
        status: o.status,
        error_code: o.errorCode,
        occurred_at: o.occurredAt,
      })),
    )
    .onConflict('reference')
    .ignore();
}

/**
 * Pending receipts whose SMSC id the ledger now has (also those stored before
 * their part: receipt-before-response), up to `limit`, applied to their parts
 * in one transaction of a fixed number of statements, whatever their number:
 * receipts locked, their messages' parts locked and read, the parts' new
 * stats worked out here one receipt after another in id order
 * (applyReceiptsInOrder), then the parts, the receipts' state, their carrier
 * events and the decided outcomes written each in one statement. Answers how
 * many receipts were applied.
 */
export async function applyPartReceipts(deps: ReceiptStepDeps, limit: number): Promise<number> {
  const applied = await deps.db.transaction(async (trx) => {
    const matched = await lockMatchedReceipts(trx, limit);
    if (matched.length === 0) return [];
    const parts = (await lockPartsOf(trx, matched)).map(
      (p): LedgerPart => ({
        connection: p.connection,
        smscMessageId: p.smsc_message_id,
        reference: p.reference,
        partIndex: p.part_index,
        partCount: p.part_count,
        stat: p.stat,
        err: p.err,
        networkError: p.network_error,
      }),
    );
    const partOf = new Map(parts.map((p) => [`${p.connection}\n${p.smscMessageId}`, p]));
    // A part re-recorded under another message since the match (its SMSC id reused): the next pass matches it again.
    const rows = matched.filter((r) => partOf.get(`${r.connection}\n${r.smsc_message_id}`)?.reference === r.reference);
    if (rows.length === 0) return [];
    const receipts: PassReceipt[] = rows.map((r) => ({
      id: String(r.id),
      connection: r.connection,
      smscMessageId: r.smsc_message_id,
      stat: r.stat,
      err: r.err,
      networkError: r.network_error,
      receivedAt: new Date(r.received_at),
    }));
    const { changedParts, outcomes } = applyReceiptsInOrder(parts, receipts);
    const now = deps.clock.now();
    await updateParts(trx, changedParts);
    await trx('smpp_deliveries')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ state: 'applied', handled_at: now });
    await recordPartCarrierEvents(
      trx,
      receipts.map((r): PartReceipt => {
        const part = partOf.get(`${r.connection}\n${r.smscMessageId}`)!;
        return { connection: r.connection, smscMessageId: r.smscMessageId, reference: part.reference, partIndex: part.partIndex, partCount: part.partCount, stat: r.stat, err: r.err, receivedAt: r.receivedAt };
      }),
      now,
    );
    await insertOutcomes(trx, outcomes);
    return rows;
  });
  for (const row of applied) receiptsApplied.inc({ connection: row.connection, stat: row.stat });
  return applied.length;
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
