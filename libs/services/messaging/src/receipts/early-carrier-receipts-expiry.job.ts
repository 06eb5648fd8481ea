import type { Clock } from '@mp/clock';
import type { DueJob } from '@mp/service-host';
import { counter, type Logger } from '@mp/telemetry';
import type { Knex } from 'knex';

/** As SMPP's receipts for ids no part has (smpp-deliveries.job.ts): a day is far past any dispatch record. */
export const EARLY_CARRIER_RECEIPT_LIMIT_MS = 24 * 60 * 60_000;

const unmatched = counter(
  'carrier_receipts_unmatched_total',
  "Receipts by carrier id (Meta's, Twilio's) no send of that connection claimed within a day, dropped",
  ['connection'],
);

/**
 * Receipts kept for a carrier id no accepted submission has (early_carrier_receipts) are
 * dropped after EARLY_CARRIER_RECEIPT_LIMIT_MS: Meta posts statuses for every message of
 * the app's numbers, sent through the platform or not, so ids that never match would
 * otherwise pile up. One warn line per connection, with a few of the ids.
 */
export function earlyCarrierReceiptsExpiryJob(deps: { db: Knex; clock: Clock; logger: Logger; limitMs?: number }): DueJob {
  const limitMs = deps.limitMs ?? EARLY_CARRIER_RECEIPT_LIMIT_MS;
  return {
    name: 'messaging.early-carrier-receipts-expiry',
    intervalMs: 60_000,
    async runDue() {
      const before = new Date(deps.clock.now().getTime() - limitMs);
      const dropped = (await deps.db('early_carrier_receipts').where('received_at', '<=', before).delete().returning(['carrier', 'carrier_message_id'])) as Array<{
        carrier: string;
        carrier_message_id: string;
      }>;
      const byConnection = new Map<string, string[]>();
      for (const row of dropped) byConnection.set(row.carrier, [...(byConnection.get(row.carrier) ?? []), row.carrier_message_id]);
      for (const [connection, ids] of byConnection) {
        unmatched.inc({ connection }, ids.length);
        deps.logger.warn('receipts for carrier ids no send of the connection has, dropped after a day', { connection, count: ids.length, carrierMessageIds: ids.slice(0, 10) });
      }
      return dropped.length;
    },
  };
}
