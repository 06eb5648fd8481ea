import { createLogger } from '@mp/telemetry';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../../testing/service-harness';
import { smppConnection } from '../smpp/testing/smpp-connection';
import { createSmppDeliverHandler } from './smpp-deliver-handler';
import { smppDeliveriesJob } from './smpp-deliveries.job';
import { createSmppPartLedger } from './smpp-part-ledger.repository';
import { receiptSm } from './testing/deliver-sm';
import { HandoffRecorder } from './testing/handoff-recorder';

/**
 * End to end inside messaging: the ledger and deliver handler the SMPP
 * adapter is given, the job, and provider-callback stood in by a recorder
 * that deduplicates by event id and hands each new receipt to messaging's
 * own receipt consumer, as carrier.receipts would.
 */
describe('SMPP receipts of a 3-part message, end to end in messaging', () => {
  let database: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    database = await openTestDatabase();
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h.close();
    await database.close();
  });

  it('is delivered once when all three parts are DELIVRD, in any order, one receipt before its part was recorded', async () => {
    const connection = smppConnection(2775, { name: 'smsc-e2e' });
    const logger = createLogger('silent');
    const handoff = new HandoffRecorder();
    handoff.onReceipt = (carrier, r) =>
      h.receipt({
        providerEventId: r.eventId,
        carrier,
        carrierMessageId: r.carrierMessageId,
        messageId: r.reference.split(':')[0],
        attempt: Number(r.reference.split(':')[1]),
        status: r.status,
        errorCode: r.errorCode,
        occurredAt: r.occurredAt,
      });
    const ledger = createSmppPartLedger({ db: h.db, clock: h.clock, connections: [connection] });
    const handle = createSmppDeliverHandler({ db: h.db, clock: h.clock, logger });
    const job = smppDeliveriesJob({ db: h.db, clock: h.clock, logger, providerCallback: handoff });

    const sent = await h.send({ body: 'a'.repeat(400) });
    expect(sent.segmentCount).toBe(3);
    await h.dispatch();
    await h.messaging.dispatcher.idle();
    expect((await h.get(sent.messageId)).status).toBe('dispatched');
    const reference = `${sent.messageId}:1`;

    await handle(connection, receiptSm('00C3', 'DELIVRD')); // the last part's receipt, before its submit_sm_resp was recorded
    await job.runDue();
    await ledger.recordParts(['c1', 'c2', 'c3'].map((id, partIndex) => ({ connection: connection.name, smscMessageId: id, reference, partIndex, partCount: 3 })));
    await handle(connection, receiptSm('C1', 'DELIVRD'));
    await job.runDue();
    expect((await h.get(sent.messageId)).status).toBe('dispatched');
    await handle(connection, receiptSm('c2', 'ENROUTE'));
    await job.runDue();
    expect((await h.get(sent.messageId)).status).toBe('dispatched');
    await handle(connection, receiptSm('c2', 'DELIVRD'));
    await job.runDue();

    const message = await h.get(sent.messageId);
    expect(message.status).toBe('delivered');
    // A reprocess of the outcome (a pass that died before marking it) is one receipt at provider-callback.
    await h.db('smpp_outcomes').update({ announced_at: null });
    await job.runDue();
    expect(handoff.receiptCalls).toHaveLength(2);
    expect(handoff.announcedReceipts).toHaveLength(1);
    expect((await h.events(sent.messageId)).map((e) => e.type)).toEqual(['MessageAccepted', 'MessageDispatched', 'MessageDelivered']);
    expect((await h.get(sent.messageId)).auditTrail.filter((entry) => entry.event === 'delivered')).toHaveLength(1);

    const events = await h.db('carrier_events').where({ message_id: sent.messageId }).orderBy('id');
    expect(events.filter((e) => e.type === 'receipt').map((e) => [e.raw_status, e.carrier, e.detail ?? null])).toEqual([
      ['DELIVRD', 'smsc-e2e', 'SMPP receipt for part 3 of 3: stat DELIVRD, err 000'],
      ['DELIVRD', 'smsc-e2e', 'SMPP receipt for part 1 of 3: stat DELIVRD, err 000'],
      ['ENROUTE', 'smsc-e2e', 'SMPP receipt for part 2 of 3: stat ENROUTE, err 000'],
      ['DELIVRD', 'smsc-e2e', 'SMPP receipt for part 2 of 3: stat DELIVRD, err 000'],
      ['delivered', 'smsc-e2e', null],
    ]);
  });
});
