import { randomUUID } from 'node:crypto';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

const receiptFor = (messageId: string, overrides: Record<string, unknown> = {}) => ({
  providerEventId: `evt-${randomUUID()}`,
  carrier: 'sim',
  carrierMessageId: `cm-${messageId}`,
  messageId,
  attempt: 1,
  status: 'delivered',
  occurredAt: '2026-03-01T12:00:05Z',
  ...overrides,
});

describe('a batch of carrier receipts', () => {
  let database: TestDatabase;
  let h: Harness | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  afterEach(async () => {
    await h?.close();
    h = undefined;
    await database.reset();
  });

  async function dispatchedMessages(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await h!.send({ destination: `+1415555${String(2000 + i)}` })).messageId);
    await h!.dispatch();
    await h!.messaging.dispatcher.idle();
    for (const id of ids) expect((await h!.get(id)).status).toBe('dispatched');
    return ids;
  }

  it('writes the delivered ones with one statement per table, and ends every message as one by one would', async () => {
    h = await startHarness(database);
    const [a, b, c, d, e] = await dispatchedMessages(5);
    const batchUpdates: string[] = [];
    h.db.on('query', (q: { sql: string }) => void (/^update messages as m\s+set status = 'delivered'/.test(q.sql) && batchUpdates.push(q.sql)));
    await h.receipts([
      receiptFor(a),
      receiptFor(b),
      receiptFor(c, { status: 'undelivered', errorCode: '30003' }),
      receiptFor(d),
      receiptFor(d), // the carrier repeating itself with a new event id
      receiptFor(randomUUID()), // a message that is not ours
      receiptFor(e, { attempt: 2 }), // an attempt the message never made
    ]);
    expect(batchUpdates).toHaveLength(1);
    const statuses = await Promise.all([a, b, c, d, e].map(async (id) => (await h!.get(id)).status));
    expect(statuses).toEqual(['delivered', 'delivered', 'undelivered', 'delivered', 'dispatched']);
    for (const id of [a, b, d]) {
      const message = await h.get(id);
      expect(message.auditTrail.filter((entry) => entry.event === 'delivered')).toHaveLength(1);
      expect(message.channelHistory[0]).toMatchObject({ status: 'delivered' });
      expect((await h.events(id)).map((event) => event.type)).toEqual(['MessageAccepted', 'MessageDispatched', 'MessageDelivered']);
    }
    expect((await h.events(c)).map((event) => event.type)).toEqual(['MessageAccepted', 'MessageDispatched', 'MessageFailed']);
    // Both of d's receipts are kept as carrier events; the repeat changed nothing else.
    expect(await h.db('carrier_events').where({ message_id: d, type: 'receipt' }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });
});
