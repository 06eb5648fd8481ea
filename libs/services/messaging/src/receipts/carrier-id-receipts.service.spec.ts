import { createServer, type Server } from 'node:http';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

// Issue 29 points 2 and 4: WhatsApp's and Twilio's receipts name a message only by the provider's id (wamid, SID).
describe('receipts by carrier id', () => {
  let database: TestDatabase;
  let carrier: Server;
  let h: Harness;
  let nextId = 'sid-1';
  beforeAll(async () => {
    database = await openTestDatabase();
    // A connection whose carrier answers with ids of its own, as the providers do.
    carrier = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ carrierMessageId: nextId })));
    });
    await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(carrier.address() as { port: number }).port}`;
    const connections = [{ name: 'provider-x', protocol: 'http', channel: 'Sms', numbers: ['*'], priority: 1, baseUrl, callbackSecret: 'cb' }];
    h = await startHarness(database, { CARRIER_CONNECTIONS: JSON.stringify(connections) });
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => carrier.close(resolve));
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
    const { messageId } = await h.send({ channelType: 'Sms', destination: '+14155550123' });
    await h.dispatch();
    await h.messaging.dispatcher.idle();
    return messageId;
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
    const messageId = await sendAndDispatch('sid-2');
    expect((await h.get(messageId)).status).toBe('undelivered');
    expect(await h.db('early_carrier_receipts').where({ carrier_message_id: 'sid-2' })).toEqual([]);
  });
});
