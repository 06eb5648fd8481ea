import { SandboxClock } from '@mp/clock';
import { createLogger } from '@mp/telemetry';
import { metricValue } from '../carriers/testing/metric-value';
import { openTestDatabase, type TestDatabase } from '../testing/service-harness';
import { EARLY_CARRIER_RECEIPT_LIMIT_MS, earlyCarrierReceiptsExpiryJob } from './early-carrier-receipts-expiry.job';

describe('receipts by carrier id no send claims', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('are dropped a day after they came, counted per connection; younger ones wait on', async () => {
    const clock = new SandboxClock();
    const now = clock.now().getTime();
    const kept = (carrier: string, id: string, ageMs: number) =>
      database.db('early_carrier_receipts').insert({ carrier, carrier_message_id: id, payload: JSON.stringify({ carrierMessageId: id }), received_at: new Date(now - ageMs) });
    await kept('meta-expiry', 'wamid.old-1', EARLY_CARRIER_RECEIPT_LIMIT_MS + 1);
    await kept('meta-expiry', 'wamid.old-2', EARLY_CARRIER_RECEIPT_LIMIT_MS);
    await kept('twilio-expiry', 'SMold', 2 * EARLY_CARRIER_RECEIPT_LIMIT_MS);
    await kept('meta-expiry', 'wamid.young', EARLY_CARRIER_RECEIPT_LIMIT_MS - 60_000);
    const before = { meta: await metricValue('carrier_receipts_unmatched_total', { connection: 'meta-expiry' }), twilio: await metricValue('carrier_receipts_unmatched_total', { connection: 'twilio-expiry' }) };

    const job = earlyCarrierReceiptsExpiryJob({ db: database.db, clock, logger: createLogger('silent') });
    await expect(job.runDue()).resolves.toBe(3);
    await expect(job.runDue()).resolves.toBe(0);

    const left = await database.db('early_carrier_receipts').whereIn('carrier', ['meta-expiry', 'twilio-expiry']).pluck('carrier_message_id');
    expect(left).toEqual(['wamid.young']);
    expect(await metricValue('carrier_receipts_unmatched_total', { connection: 'meta-expiry' })).toBe(before.meta + 2);
    expect(await metricValue('carrier_receipts_unmatched_total', { connection: 'twilio-expiry' })).toBe(before.twilio + 1);
  });
});
