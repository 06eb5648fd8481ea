import { createServer, type Server } from 'node:http';
import { fixture, startFakeTwilio, type FakeTwilio } from '../carriers/twilio/testing/fake-twilio';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

// Issue 29 points 2 and 4: WhatsApp's and Twilio's receipts name a message only by the provider's id (wamid, SID).
const OWN_API_NUMBER = '+15550000099';
describe('receipts by carrier id', () => {
  let database: TestDatabase;
  let twilio: FakeTwilio;
  let sandbox: Server;
  let h: Harness;
  let nextId = 'sid-1';
  beforeAll(async () => {
    database = await openTestDatabase();
    // Twilio answers each send with the SID `nextId`; its status callbacks carry only that SID.
    twilio = await startFakeTwilio();
    twilio.answer(() => ({ status: 201, body: JSON.stringify({ ...JSON.parse(fixture('message-created.json')), sid: nextId }), contentType: 'application/json' }));
    // An `http` connection (our Carrier API, SMS only), whose receipts carry our reference: it answers with ids too.
    // It serves one sender number only, ahead of Twilio, so the last test reaches it by sending from that number.
    sandbox = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ carrierMessageId: nextId })));
    });
    await new Promise<void>((resolve) => sandbox.listen(0, '127.0.0.1', resolve));
    const sandboxUrl = `http://127.0.0.1:${(sandbox.address() as { port: number }).port}`;
    const connections = [
      { name: 'provider-x', protocol: 'twilio', channel: 'Sms', numbers: ['*'], priority: 1, baseUrl: twilio.url, accountSid: `AC${'0f'.repeat(16)}`, authToken: 'twilio-token', publicBaseUrl: 'https://messaging.example.com' },
      { name: 'sandbox-sms', protocol: 'http', channel: 'Sms', numbers: [OWN_API_NUMBER], priority: 0, baseUrl: sandboxUrl, callbackSecret: 'cb' },
    ];
    h = await startHarness(database, { CARRIER_CONNECTIONS: JSON.stringify(connections) });
  });
  afterAll(async () => {
    await h.close();
    await twilio.stop();
    await new Promise((resolve) => sandbox.close(resolve));
    await database.close();
  });

  const receipt = (carrierMessageId: string, status = 'delivered', eventId = `${carrierMessageId}:${status}`, carrierName = 'provider-x') => ({
    providerEventId: eventId,
    carrier: carrierName,
    carrierMessageId,
    messageId: '',
    attempt: 0,
    status,
    occurredAt: new Date().toISOString(),
  });
  const sendAndDispatch = async (carrierMessageId: string) => {
    nextId = carrierMessageId;
    const { messageId } = await h.send({ channelType: 'Sms', destination: '+14155550123', body: 'hello' });
    await h.dispatch();
    await h.messaging.dispatcher.idle();
    return messageId;
  };
  /** The statements `run` makes that take a carrier-id lock or touch early_carrier_receipts. */
  const carrierIdStatementsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
    const seen: string[] = [];
    const listener = ({ sql, bindings }: { sql: string; bindings?: unknown[] }) => {
      const locksCarrierId = JSON.stringify(bindings ?? []).includes('carrier-receipt\\n');
      if (locksCarrierId || sql.includes('early_carrier_receipts')) seen.push(sql);
    };
    h.db.on('query', listener);
    try {
      await run();
    } finally {
      h.db.removeListener('query', listener);
    }
    return seen;
  };

  it("applies a receipt to the attempt its connection's submission of that id belongs to, once", async () => {
    const messageId = await sendAndDispatch('sid-1');
    expect((await h.get(messageId)).status).toBe('dispatched');
    await h.receipt(receipt('sid-1', 'delivered', 'other-carrier', 'provider-y')); // the same id from another connection: not this message's
    expect((await h.get(messageId)).status).toBe('dispatched');
    await h.receipt(receipt('sid-1'));
    await h.receipt(receipt('sid-1')); // Meta and Twilio repeat themselves
    const message = await h.get(messageId);
    expect(message.status).toBe('delivered');
    expect(message.auditTrail.filter((e) => e.event === 'delivered')).toHaveLength(1);
    expect(await h.db('early_carrier_receipts').where({ carrier_message_id: 'sid-1', carrier: 'provider-x' })).toEqual([]);
  });

  it('keeps a receipt that comes before the dispatch is recorded and applies it when it is', async () => {
    await h.receipt(receipt('sid-2', 'undelivered'));
    expect(await h.db('early_carrier_receipts').where({ carrier_message_id: 'sid-2' }).select('carrier')).toEqual([{ carrier: 'provider-x' }]);
    let messageId = '';
    const statements = await carrierIdStatementsOf(async () => (messageId = await sendAndDispatch('sid-2')));
    expect((await h.get(messageId)).status).toBe('undelivered');
    expect(await h.db('early_carrier_receipts').where({ carrier_message_id: 'sid-2' })).toEqual([]);
    // The dispatch record took the SID's lock and the kept receipt (what the next test's connection does not).
    expect(statements.some((sql) => sql.includes('pg_advisory_xact_lock'))).toBe(true);
    expect(statements.some((sql) => sql.includes('delete from early_carrier_receipts'))).toBe(true);
  });

  it('records a dispatch through a connection whose receipts carry our reference without carrier-id locks or early_carrier_receipts', async () => {
    // Set aside under that connection's name and the id its carrier is about to answer: only a dispatch
    // waiting for receipts by carrier id would take it.
    await h.receipt(receipt('own-1', 'delivered', 'own-1:delivered', 'sandbox-sms'));
    const sender = h.clients.sender;
    h.clients.sender = { numberId: 'n-own', fromAddress: OWN_API_NUMBER };
    try {
      const statements = await carrierIdStatementsOf(async () => {
        const messageId = await sendAndDispatch('own-1');
        expect((await h.get(messageId)).status).toBe('dispatched');
      });
      expect(statements).toEqual([]);
    } finally {
      h.clients.sender = sender;
    }
    expect(await h.db('early_carrier_receipts').where({ carrier_message_id: 'own-1' }).select('carrier')).toEqual([{ carrier: 'sandbox-sms' }]);
  });
});
