import type { Clock } from '@mp/clock';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { ProviderCallbackHandoff } from './provider-callback-handoff';
import { handoffFailures, outcomesAnnounced } from './smpp-delivery-metrics';

interface OutcomeRow {
  reference: string;
  connection: string;
  event_id: string;
  carrier_message_id: string;
  status: 'delivered' | 'undelivered';
  error_code: string | null;
  occurred_at: Date | string;
}

/** The message a reference `<messageId>:<attempt>` (dispatch-message.ts) names. */
const messageIdOf = (reference: string) => reference.slice(0, reference.lastIndexOf(':'));

/** Each outcome's message trace (messages.traceparent, kept from the send), by reference `<messageId>:<attempt>`. */
async function tracesOf(db: Knex, rows: readonly OutcomeRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => messageIdOf(r.reference)))];
  if (ids.length === 0) return new Map();
  const found = (await db('messages').whereIn('id', ids).whereNotNull('traceparent').select('id', 'traceparent')) as Array<{ id: string; traceparent: string }>;
  return new Map(found.map((m) => [m.id, m.traceparent]));
}

/** provider-callback takes at most this many receipts a call (MAX_RECEIPTS_PER_CALLBACK). */
const RECEIPTS_PER_CALL = 100;

/**
 * Decided outcomes not yet handed on, each as ONE receipt of its message to
 * provider-callback's RecordCarrierReceipts (stored once per event id and
 * announced on carrier.receipts, as an HTTP receipt is). Marked announced
 * only after the call succeeded: a failed call is retried on the next pass,
 * and a repeat is deduplicated by the event id.
 */
export async function announceOutcomes(deps: { db: Knex; clock: Clock; logger: Logger; providerCallback: ProviderCallbackHandoff }): Promise<number> {
  const rows = (await deps.db('smpp_outcomes').whereNull('announced_at').orderBy('occurred_at').limit(RECEIPTS_PER_CALL * 5)) as OutcomeRow[];
  const traces = await tracesOf(deps.db, rows);
  const byConnection = new Map<string, OutcomeRow[]>();
  for (const row of rows) byConnection.set(row.connection, [...(byConnection.get(row.connection) ?? []), row]);
  let announced = 0;
  for (const [connection, outcomes] of byConnection) {
    for (let i = 0; i < outcomes.length; i += RECEIPTS_PER_CALL) {
      const batch = outcomes.slice(i, i + RECEIPTS_PER_CALL);
      try {
        await deps.providerCallback.recordCarrierReceipts({
          carrier: connection,
          receipts: batch.map((o) => ({
            eventId: o.event_id,
            carrierMessageId: o.carrier_message_id,
            reference: o.reference,
            status: o.status,
            errorCode: o.error_code ?? undefined,
            occurredAt: new Date(o.occurred_at).toISOString(),
            traceparent: traces.get(messageIdOf(o.reference)),
          })),
        });
      } catch (error) {
        handoffFailures.inc({ connection, what: 'receipts' });
        deps.logger.warn('SMPP outcomes not handed to provider-callback yet (retried)', { connection, count: batch.length, error });
        break;
      }
      await deps.db('smpp_outcomes').whereIn('reference', batch.map((o) => o.reference)).update({ announced_at: deps.clock.now() });
      for (const o of batch) outcomesAnnounced.inc({ connection, status: o.status });
      announced += batch.length;
    }
  }
  return announced;
}
