import { createServer, type Server } from 'node:http';
import { ScriptedSmsc } from '@mp/smpp/src/testing/scripted-smsc';
import { waitUntil } from '../carriers/smpp/testing/fake-ports';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

// Issue 29 point 5: two SMS connections; the first goes down mid-run and every message is sent once, through the other.
describe('dispatch across two SMS connections when the first goes down', () => {
  let database: TestDatabase;
  let smsc: ScriptedSmsc;
  let carrier: Server;
  let carrierUrl: string;
  let h: Harness | undefined;
  let down = false;
  const posted: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    smsc = await ScriptedSmsc.start(() => 'default');
    // Our own Carrier API (protocol http), up and then answering 503.
    carrier = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { reference } = JSON.parse(body) as { reference: string };
        posted.push(reference);
        if (down) return void res.writeHead(503).end();
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ carrierMessageId: `http-${posted.length}` }));
      });
    });
    await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
    carrierUrl = `http://127.0.0.1:${(carrier.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await h?.messaging.parts.stop?.();
    await h?.close();
    await smsc.stop();
    await new Promise((resolve) => carrier.close(resolve));
    await database.close();
  });

  it('sends through the first while it answers, then through the second, each message once; carrier events and the audit name the connection', async () => {
    const connections = [
      { name: 'own-api', protocol: 'http', channel: 'Sms', numbers: ['*'], priority: 1, baseUrl: carrierUrl, callbackSecret: 'cb', circuitFailures: 2, circuitPauseSeconds: 3600 },
      { name: 'backup-smsc', protocol: 'smpp', channel: 'Sms', numbers: ['*'], priority: 2, host: '127.0.0.1', port: smsc.port, systemId: 'platform', password: 'secret' },
    ];
    h = await startHarness(database, { CARRIER_CONNECTIONS: JSON.stringify(connections) });
    const harness = h;
    await waitUntil(() => smsc.connections.some((c) => c.received.some((p) => p.command === 'bind_transceiver')), 5000, 'the backup bound');
    const sendAll = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await harness.send({ channelType: 'Sms', destination: `+1415555012${i}` })).messageId);
      await harness.dispatch();
      await harness.messaging.dispatcher.idle();
      return ids;
    };
    const before = await sendAll(3);
    down = true;
    // Two go to the first and fail over (their 503s open its circuit); the next two skip it at once.
    const after = [...(await sendAll(2)), ...(await sendAll(2))];
    for (const id of [...before, ...after]) expect((await harness.get(id)).status).toBe('dispatched');

    const submitted = smsc.connections.flatMap((c) => c.received).filter((p) => p.command === 'submit_sm');
    expect(submitted).toHaveLength(after.length); // only the messages sent after the first went down, each once
    expect(posted.filter((reference) => after.some((id) => reference.startsWith(id)))).toHaveLength(2);

    const events = await harness.db('carrier_events').whereIn('message_id', [...before, ...after]).where({ type: 'submission_accepted' });
    expect(Object.fromEntries(events.map((e) => [e.message_id, e.carrier]))).toEqual(
      Object.fromEntries([...before.map((id) => [id, 'own-api']), ...after.map((id) => [id, 'backup-smsc'])]),
    );
    const audits = await harness.db('message_audit').whereIn('message_id', after).where({ event: 'dispatched' }).orderBy('id');
    const failedOver = (why: string) => expect.stringContaining(`through connection backup-smsc (failed over from own-api: ${why})`);
    expect(audits.map((a) => a.detail as string)).toEqual([
      failedOver('carrier answered HTTP 503'),
      failedOver('carrier answered HTTP 503'),
      failedOver('circuit open after 2 transient answers in a row'),
      failedOver('circuit open after 2 transient answers in a row'),
    ]);
  });
});
