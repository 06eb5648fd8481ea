import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

/** An SMTP server that takes `delayMs` to accept each mail: a slow email carrier. */
async function slowSmtp(delayMs: number): Promise<{ url: string; accepted: number; close(): Promise<void> }> {
  const state = { accepted: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          state.accepted += 1;
          callback(null, `OK queued as email-${state.accepted}`);
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    get accepted() {
      return state.accepted;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a sending queue per channel', () => {
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

  it("each channel goes to its own carrier (SMS our Carrier API, WhatsApp Meta's Cloud API); a channel without one (no SMTP) stays queued", async () => {
    h = await startHarness(database);
    const sms = await h.send({ channelType: 'Sms', destination: '+14155550123' });
    const whatsApp = await h.send({ channelType: 'WhatsApp', destination: '+447700900123' });
    const email = await h.send({ channelType: 'Email', destination: 'ana@example.test' });
    await h.dispatch();
    expect((await h.get(sms.messageId)).status).toBe('dispatched');
    expect((await h.get(whatsApp.messageId)).status).toBe('dispatched');
    expect((await h.get(email.messageId)).status).toBe('queued');
    expect(h.carrier.requests.map((r, i) => [r.channel, h!.carrier.paths[i]])).toEqual(
      expect.arrayContaining([
        ['Sms', '/carrier/v1/messages'],
        ['WhatsApp', '/v23.0/106540352242922/messages'],
      ]),
    );
    expect(h.carrier.requests).toHaveLength(2);
  });

  it('WhatsApp without a whatsapp-cloud connection stays queued: the Carrier API (CARRIER_API_URL) carries SMS only', async () => {
    h = await startHarness(database, { CARRIER_CONNECTIONS: '[]' });
    const sms = await h.send({ channelType: 'Sms', destination: '+14155550123' });
    const whatsApp = await h.send({ channelType: 'WhatsApp', destination: '+447700900123' });
    await h.dispatch();
    expect((await h.get(sms.messageId)).status).toBe('dispatched');
    expect((await h.get(whatsApp.messageId)).status).toBe('queued');
    expect(h.carrier.paths).toEqual(['/carrier/v1/messages']);
  });

  it("a queued send claims from its own channel's queue only, and a scheduled one claims nothing", async () => {
    h = await startHarness(database);
    const claims: unknown[][] = [];
    h.db.on('query', (q: { sql: string; bindings?: unknown[] }) => {
      if (/^update messages set claimed_until/.test(q.sql)) claims.push(q.bindings ?? []);
    });
    const whatsApp = await h.send({ channelType: 'WhatsApp', destination: '+447700900123' });
    await h.messaging.dispatcher.idle();
    expect((await h.get(whatsApp.messageId)).status).toBe('dispatched');
    // One claim, of the WhatsApp queue (its channel is bound twice): a claim of every queue per send was two statements for nothing.
    expect(claims).toHaveLength(1);
    expect(claims[0].filter((binding) => binding === 'WhatsApp')).toHaveLength(2);

    await h.send({ channelType: 'Sms', destination: '+14155550123', sendAt: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z') });
    await h.messaging.dispatcher.idle();
    expect(claims).toHaveLength(1);
  });

  it('the poll asks every queue in one statement, and claims only the queues with due work', async () => {
    h = await startHarness(database);
    const statements: string[] = [];
    const claims: unknown[][] = [];
    h.db.on('query', (q: { sql: string; bindings?: unknown[] }) => {
      statements.push(q.sql);
      if (/^update messages set claimed_until/.test(q.sql)) claims.push(q.bindings ?? []);
    });
    await h.dispatch(); // at rest
    expect(statements).toHaveLength(1);
    expect(claims).toEqual([]);

    // An SMS waiting for a hold that is then lifted with no kick: only the poll finds it.
    await h.hold('review');
    const sms = await h.send({ channelType: 'Sms', destination: '+14155550123' });
    await h.messaging.dispatcher.idle();
    await h.db('account_sending_holds').delete();
    claims.length = 0;
    await h.dispatch();
    await h.messaging.dispatcher.idle();
    expect((await h.get(sms.messageId)).status).toBe('dispatched');
    expect(claims).toHaveLength(1);
    expect(claims[0].filter((binding) => binding === 'Sms')).toHaveLength(2);
  });

  it('a slow email carrier does not hold up SMS', async () => {
    const smtp = await slowSmtp(1_500);
    try {
      h = await startHarness(database, { CARRIER_SMTP_URL: smtp.url });
      const email = await h.send({ channelType: 'Email', destination: 'ana@example.test' });
      const emailPass = h.dispatch(); // the Email queue is now busy for 1.5 s
      const sms = await h.send({ channelType: 'Sms', destination: '+14155550123' });
      const started = Date.now();
      h.messaging.dispatcher.kick('Sms');
      while ((await h.get(sms.messageId)).status !== 'dispatched') {
        if (Date.now() - started > 1_000) throw new Error('the SMS waited for the email carrier');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await h.get(email.messageId)).status).toBe('queued');
      expect(smtp.accepted).toBe(0);
      await emailPass;
      expect((await h.get(email.messageId)).status).toBe('dispatched');
      expect((await h.get(email.messageId)).channelHistory).toEqual([expect.objectContaining({ channelType: 'Email', status: 'dispatched' })]);
    } finally {
      await h?.close();
      h = undefined;
      await smtp.close();
    }
  });
});
