import { randomUUID } from 'node:crypto';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { ScriptedSmsc } from '@mp/smpp/src/testing/scripted-smsc';
import type { Knex } from 'knex';
import { messagingMigrations } from '../../migrations';
import { SmppCarrier } from '../smpp';
import { InMemoryPartLedger, RecordingDeliverHandler, waitUntil } from '../smpp/testing/fake-ports';
import { smppConnection } from '../smpp/testing/smpp-connection';
import { claimSlot, seedSlots } from './bind-lease.repository';
import { BindLeaseKeeper } from './bind-lease-keeper';
import { bindCounter } from './testing/bind-counter';

// PostgreSQL when DATABASE_URL is set (CI), embedded PGlite otherwise; its own schema either way.
const databaseUrl = process.env['DATABASE_URL'];
const schema = `smpp_bind_leases_test_${randomUUID().slice(0, 8)}`;
// Short leases keep the takeovers fast: a real replica uses 15 s renewed every 5 s. Not shorter: a replica
// closes a lease it cannot renew with half of it to spare, which must outlast a busy CI machine's stalls.
const LEASE_MS = 2_500;
const RENEW_MS = 100;

describe(`SMPP bind leases on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  let provider: DatabaseProvider;
  let db: Knex;
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
    db = provider.forSchema(schema);
    await migrateLatest(db, schema, messagingMigrations);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    if (databaseUrl) await db.raw(`drop schema if exists "${schema}" cascade`);
    await provider.close();
  });

  /** A messaging replica's share of one connection: its carrier (leased binds) and lease keeper, on `database`. */
  function replica(port: number, name: string, holder: string, database: Knex = db) {
    const connection = smppConnection(port, { name, binds: 2 });
    const carrier = new SmppCarrier(connection, { ledger: new InMemoryPartLedger(), onDeliverSm: new RecordingDeliverHandler().handle }, { bindLeases: true, reconnect: { initialMs: 50, maxMs: 200 } });
    const keeper = new BindLeaseKeeper({ db: database, connection, binds: carrier, holder, leaseMs: LEASE_MS, renewMs: RENEW_MS });
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await carrier.close();
      await keeper.stop();
    };
    cleanups.push(stop);
    return { carrier, keeper, stop };
  }

  /** `unanswered`: submit_sm gets no submit_sm_resp (a submission stays in flight). */
  async function smscCountingBinds({ unanswered = false } = {}) {
    const counter = bindCounter();
    const smsc = await ScriptedSmsc.start((pdu, connection) => (unanswered && pdu.command === 'submit_sm' ? undefined : counter.script(pdu, connection)));
    cleanups.push(() => smsc.stop());
    return { smsc, counter };
  }

  const leases = (connection: string) => db('smpp_bind_leases').where({ connection }).orderBy('slot').select('slot', 'holder', db.raw('expires_at > now() as live'));

  it('two replicas with binds: 2 take one slot each and the SMSC never sees more than 2 binds; when one stops the other takes both', async () => {
    const { smsc, counter } = await smscCountingBinds();
    const name = `smsc-${randomUUID().slice(0, 8)}`;
    const a = replica(smsc.port, name, 'replica-a');
    const b = replica(smsc.port, name, 'replica-b');
    a.keeper.start();
    b.keeper.start();
    await waitUntil(() => a.carrier.status().boundSessions === 1 && b.carrier.status().boundSessions === 1, 5000, 'one bound session on each replica');
    // A few more renewals: the share holds steady (nobody grabs the other's slot).
    await new Promise((resolve) => setTimeout(resolve, 5 * RENEW_MS));
    expect([a.keeper.slots.length, b.keeper.slots.length]).toEqual([1, 1]);
    expect((await leases(name)).map((l: { holder: string }) => l.holder).sort()).toEqual(['replica-a', 'replica-b']);
    expect(counter.current).toBe(2);

    const started = Date.now();
    await a.stop(); // unbinds, then frees its slot and leaves
    expect((await leases(name)).filter((l: { holder: string | null }) => l.holder === 'replica-a')).toEqual([]);
    await waitUntil(() => b.carrier.status().boundSessions === 2, 5000, 'replica b bound twice');
    expect(Date.now() - started).toBeLessThan(LEASE_MS + 1000);
    expect(b.carrier.status()).toMatchObject({ heldBinds: 2, boundSessions: 2, ready: true });
    expect(counter.max).toBe(2);
  });

  it('three replicas with binds: 2: two bind once each, the third holds none and says it cannot send', async () => {
    const { smsc, counter } = await smscCountingBinds();
    const name = `smsc-${randomUUID().slice(0, 8)}`;
    const replicas = ['replica-a', 'replica-b', 'replica-c'].map((holder) => replica(smsc.port, name, holder));
    for (const r of replicas) r.keeper.start();
    const bound = () => replicas.map((r) => r.carrier.status().boundSessions).sort();
    await waitUntil(() => bound().join() === '0,1,1', 5000, 'one bind on each of two replicas');
    await new Promise((resolve) => setTimeout(resolve, 5 * RENEW_MS));
    expect(bound()).toEqual([0, 1, 1]);
    expect(replicas.filter((r) => r.carrier.canSend())).toHaveLength(2);
    expect(counter.max).toBe(2);
  });

  it("a replica gone without a word (its pod lost): its lease runs out and the other replica's takes its slot over", async () => {
    const { smsc, counter } = await smscCountingBinds();
    const name = `smsc-${randomUUID().slice(0, 8)}`;
    const a = replica(smsc.port, name, 'replica-a');
    const b = replica(smsc.port, name, 'replica-b');
    // Replica a ticks by hand, so it can stop renewing without freeing anything.
    await a.keeper.tick();
    b.keeper.start();
    await waitUntil(() => a.carrier.status().boundSessions === 2, 5000, 'replica a bound twice (alone at first)');
    // b counts two replicas: a keeps renewing and gives one slot up for it.
    await waitUntil(
      () => {
        void a.keeper.tick();
        return b.carrier.status().boundSessions === 1 && a.carrier.status().boundSessions === 1;
      },
      5000,
      'one bind each after a gave one up',
    );
    // The pod goes: its TCP sessions die with it (closed here), its leases and presence stay in the table.
    const gone = Date.now();
    await a.carrier.close();
    await waitUntil(() => b.carrier.status().boundSessions === 2, 2 * LEASE_MS + 2000, 'replica b bound twice');
    expect(Date.now() - gone).toBeGreaterThanOrEqual(LEASE_MS / 2); // not before a's lease ran out
    expect(Date.now() - gone).toBeLessThan(LEASE_MS + 1000);
    expect((await leases(name)).map((l: { holder: string }) => l.holder)).toEqual(['replica-b', 'replica-b']);
    expect(counter.max).toBe(2);
  });

  it('a replica that cannot renew (its database unreachable) closes its session before its lease runs out, even with a submission in flight, and the other takes the slot', async () => {
    const { smsc, counter } = await smscCountingBinds({ unanswered: true });
    const name = `smsc-${randomUUID().slice(0, 8)}`;
    let down = false;
    // The same database, unreachable for replica a while `down`.
    const flaky = new Proxy(db, {
      get: (target, property, receiver) => (down && property === 'raw' ? () => Promise.reject(new Error('connect ECONNREFUSED')) : Reflect.get(target, property, receiver)),
    });
    const a = replica(smsc.port, name, 'replica-a', flaky);
    const b = replica(smsc.port, name, 'replica-b');
    a.keeper.start();
    await waitUntil(() => a.carrier.status().boundSessions === 2, 5000, 'replica a bound twice');
    b.keeper.start();
    await waitUntil(() => a.carrier.status().boundSessions === 1 && b.carrier.status().boundSessions === 1, 5000, 'one bind each');
    // The SMSC never answers it: the unbind would wait the response timeout (5 s, longer than the lease) to drain it.
    const inFlight = a.carrier.submit({ reference: 'm-0:1', accountId: 'a-1', channel: 'Sms', from: '+15550000001', to: '+447700900123', body: 'Hi' });
    down = true;
    const downAt = Date.now();
    await waitUntil(() => counter.current === 1, LEASE_MS, "replica a's session closed at the SMSC");
    expect(Date.now() - downAt).toBeLessThan(LEASE_MS);
    await expect(inFlight).resolves.toMatchObject({ kind: 'transient' });
    await waitUntil(() => b.carrier.status().boundSessions === 2, 2 * LEASE_MS + 2000, 'replica b bound twice');
    expect(counter.max).toBe(2);
    // a's submissions are transient meanwhile: another replica sends them.
    expect(a.carrier.canSend()).toBe(false);
    await expect(a.carrier.submit({ reference: 'm-1:1', accountId: 'a-1', channel: 'Sms', from: '+15550000001', to: '+447700900123', body: 'Hi' })).resolves.toEqual({
      kind: 'transient',
      reason: `no bind held by this replica on ${name}: its 2 bind(s) are leased to other replicas`,
    });
    down = false;
  });

  it('claims are atomic: many replicas claiming at once get each slot once', async () => {
    const name = `smsc-${randomUUID().slice(0, 8)}`;
    const scope = (holder: string) => ({ connection: name, binds: 2, holder, leaseMs: 60_000 });
    await seedSlots(db, scope('seeder'));
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimSlot(db, scope(`replica-${i}`))));
    expect(claims.filter((slot) => slot !== undefined).sort()).toEqual([0, 1]);
    expect((await leases(name)).filter((l: { live: boolean }) => l.live)).toHaveLength(2);
  });
});
