import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

/** The statements a dispatch pass sends that match `pattern`. */
function watchStatements(h: Harness, pattern: RegExp): string[] {
  const seen: string[] = [];
  h.db.on('query', (q: { sql: string }) => {
    if (pattern.test(q.sql)) seen.push(q.sql);
  });
  return seen;
}

describe('a dispatch pass records its carrier acceptances together', () => {
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

  it('asks routing and consent once per chunk and writes its sends with one update, one audit insert and one event insert, each message as if sent alone', async () => {
    h = await startHarness(database);
    // Held while they are accepted, so no pass takes some of them early: one pass takes all twelve.
    await h.hold('batching test');
    const sent = [];
    for (let i = 0; i < 12; i++) sent.push(await h.send({ channelType: 'Sms', destination: `+1415555${String(1000 + i)}` }));
    await h.dispatch();
    const updates = watchStatements(h, /^update messages as m\s+set status = 'dispatched'/);
    const audits = watchStatements(h, /^insert into "message_audit"/);
    const events = watchStatements(h, /^insert into "outbox"/);
    const callsBefore = h.clients.calls.length;
    await h.releaseHold();
    await h.dispatch();
    await h.messaging.dispatcher.idle();
    // Senders and consent asked once for the chunk, not once per message.
    expect(h.clients.calls.slice(callsBefore)).toEqual(['routing.chooseSenders', 'consent.checkSendPermissions']);
    expect(updates).toHaveLength(1);
    expect(audits).toHaveLength(1);
    expect(events).toHaveLength(1);
    for (const { messageId } of sent) {
      const message = await h.get(messageId);
      expect(message.status).toBe('dispatched');
      expect(message.channelHistory).toHaveLength(1);
      expect(message.channelHistory[0]).toMatchObject({ channelType: 'Sms', status: 'dispatched' });
    }
    const dispatched = await h.db('outbox').where({ type: 'MessageDispatched' }).count({ n: '*' });
    expect(Number(dispatched[0].n)).toBe(12);
    const charges = await h.db('message_charges').count({ n: '*' });
    expect(Number(charges[0].n)).toBe(12);
  });
});
