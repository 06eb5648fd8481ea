import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

/** An SMS carrier that holds every submission until `releaseAll()`: carrier calls in flight at a shutdown. */
async function heldCarrier() {
  const references: string[] = [];
  const waiting: Array<() => void> = [];
  const app = express();
  app.use(express.json());
  app.post('/carrier/v1/messages', (req, res) => {
    const reference = String(req.body.reference);
    references.push(reference);
    waiting.push(() => res.status(201).json({ carrierMessageId: `held-${reference}`, status: 'accepted' }));
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    references,
    get held() {
      return waiting.length;
    },
    releaseAll: () => waiting.splice(0).forEach((answer) => answer()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MESSAGES = 40;

describe('stopping the dispatcher mid-pass (issue 14 point 8)', () => {
  let database: TestDatabase;
  const harnesses: Harness[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const h of harnesses.reverse()) await h.close();
    await database.close();
  });

  it('finishes the carrier calls it started, gives back the other leases, and the next dispatcher sends each remaining message once', async () => {
    const carrier = await heldCarrier();
    try {
      // Accepted where nothing dispatches, so the pass below is the first to claim them.
      const accepting = await startHarness(database, { DISPATCH_ENABLED: false });
      harnesses.push(accepting);
      const ids: string[] = [];
      for (let i = 0; i < MESSAGES; i += 1) ids.push((await accepting.send({ destination: `+1415555${String(1000 + i)}` })).messageId);
      const first = await startHarness(database, { CARRIER_API_URL: carrier.url });
      harnesses.push(first);

      const pass = first.dispatch();
      while (carrier.held < 8) await sleep(5); // the first chunk's carrier calls are in flight
      const stopping = first.messaging.dispatcher.stop();
      await sleep(50);
      expect(carrier.references).toHaveLength(8); // nothing new started once stopping
      carrier.releaseAll();
      await stopping;
      expect(await pass).toBe(8);

      const rows = await first.db('messages').whereIn('id', ids).select('id', 'status', 'claim_token', 'claimed_until');
      const dispatched = rows.filter((r) => r.status === 'dispatched');
      const queued = rows.filter((r) => r.status === 'queued');
      expect(dispatched.map((r) => r.id).sort()).toEqual(carrier.references.map((ref) => ref.split(':')[0]).sort());
      expect(queued).toHaveLength(MESSAGES - 8);
      // Leases given back: nothing left claimed by the stopped dispatcher.
      expect(rows.filter((r) => r.claim_token !== null || r.claimed_until !== null)).toEqual([]);

      // A new process sends the rest at once, not after the lease would have run out.
      const next = await startHarness(database);
      harnesses.push(next);
      expect(await next.dispatch()).toBe(MESSAGES - 8);
      // SMS only here: each Carrier API request names its reference.
      const submitted = [...carrier.references, ...next.carrier.requests.map((r) => r.reference ?? '')];
      expect(submitted.map((ref) => ref.split(':')[0]).sort()).toEqual([...ids].sort()); // each message once
      const statuses = await first.db('messages').whereIn('id', ids).pluck('status');
      expect(new Set(statuses)).toEqual(new Set(['dispatched']));
      const audit = await first.db('message_audit').whereIn('message_id', ids).where({ to_status: 'dispatched' }).select('message_id');
      expect(audit.map((a) => a.message_id).sort()).toEqual([...ids].sort()); // one dispatched transition each
    } finally {
      carrier.releaseAll();
      await carrier.close();
    }
  });

  it('a stopped dispatcher claims nothing: a kick or a due run leaves the message queued and unclaimed', async () => {
    const h = await startHarness(database);
    harnesses.push(h);
    const sent = await h.send();
    await h.messaging.dispatcher.stop();
    h.messaging.dispatcher.kick();
    expect(await h.dispatch()).toBe(0);
    const row = await h.db('messages').where({ id: sent.messageId }).first('status', 'claim_token');
    expect(row).toEqual({ status: 'queued', claim_token: null });
    expect(h.carrier.requests).toEqual([]);
  });
});
