import { counter, scrapeGauge } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { CarrierOutcome } from '../carriers/carrier.port';

/** What carriers answered to submissions, per channel: accepted, rejected (for good), transient (retried), invalid (our bug). */
const carrierSubmissions = counter('carrier_submissions_total', "Carriers' answers to message submissions, by channel and outcome", ['channel', 'outcome']);

export function countCarrierOutcome(channel: string, outcome: CarrierOutcome): void {
  carrierSubmissions.inc({ channel, outcome: outcome.kind });
}

const queueDepth = scrapeGauge('messaging_dispatch_queue_depth', 'Messages queued for dispatch, by channel (counted when scraped)', ['channel']);

/**
 * Measures the dispatch queue on each scrape: one grouped count over the
 * queued messages, never work per message. The returned function stops
 * measuring (the service stopped).
 */
export function measureDispatchQueue(db: Knex): () => void {
  return queueDepth.addSource(async () => {
    const rows = await db('messages').where({ status: 'queued' }).groupBy('channel_type').select('channel_type').count<Array<{ channel_type: string; count: string | number }>>({ count: '*' });
    return rows.map((row) => ({ labels: { channel: row.channel_type }, value: Number(row.count) }));
  });
}
