import { tendlcV1 } from '@mp/contracts';
import type { EventEnvelope } from '@mp/events';
import { implementService, SERVICE } from '@mp/grpc';
import { createLogger, initTelemetry, traceIdOf } from '@mp/telemetry';
import { randomUUID } from 'node:crypto';
import type { AddressBook } from './service-clients';
import { writeWithEvents, type ServiceModule } from './service-module';
import { startTestService, type TestService } from './start-test-service';

// A module with three consumers: `Ping` on test.in becomes a `Pong` on test.out; `Enrich` asks a
// service (this one, over gRPC) in prepare and writes the answer in apply; `Careless` calls it in apply.
const relayModule: ServiceModule = {
  name: 'tendlc',
  migrations: [],
  create: ({ outbox, clients }) => ({
    grpc: [
      implementService(
        tendlcV1.TenDlcServiceService,
        {
          listBrands: async (req) => ({ items: [tendlcV1.TenDlcBrand.fromPartial({ brandId: 'b-1', accountId: req.accountId, displayName: 'Brand', status: 'ok' })] }),
          registerBrand: async () => tendlcV1.RegisterBrandResponse.fromPartial({}),
          getBrand: async () => tendlcV1.TenDlcBrand.fromPartial({}),
        },
        createLogger('silent'),
        { listBrands: SERVICE, registerBrand: SERVICE, getBrand: SERVICE },
      ),
    ],
    consumers: [
      {
        group: 'test.pinger',
        topics: ['test.in'],
        apply: async (trx, event: EventEnvelope) => {
          await outbox.enqueue(trx, { topic: 'test.out', key: event.key, type: 'Pong', payload: { of: event.id } });
        },
      },
      {
        group: 'test.enricher',
        topics: ['test.enrich'],
        prepare: (event: EventEnvelope) => clients.tendlc.listBrands({ accountId: event.key }),
        apply: async (trx, brands: tendlcV1.ListBrandsResponse, event) => {
          await outbox.enqueue(trx, { topic: 'test.out', key: event.key, type: 'Enriched', payload: { brandIds: brands.items.map((b) => b.brandId) } });
        },
      },
      {
        // Its event goes out in its own statement, as the messaging service's acceptances do.
        group: 'test.within',
        topics: ['test.within'],
        apply: (trx, event: EventEnvelope) =>
          writeWithEvents(outbox, trx, [{ topic: 'test.out', key: event.key, type: 'Within', payload: { of: event.id } }], async (outboxInsert) => {
            if (!outboxInsert) throw new Error('the host writer takes events into the caller statement');
            await trx.raw(`with alongside as (${outboxInsert.sql}) select 1`, [...outboxInsert.bindings] as never[]);
          }),
      },
      {
        group: 'test.careless',
        topics: ['test.careless'],
        apply: async (trx, event: EventEnvelope) => {
          await outbox.enqueue(trx, { topic: 'test.out', key: event.key, type: 'CarelessWrite', payload: {} });
          await clients.tendlc.listBrands({ accountId: event.key });
        },
      },
    ],
  }),
};

let service: TestService;
const addresses: AddressBook = {};
beforeAll(async () => {
  initTelemetry();
  service = await startTestService(relayModule, {}, addresses);
  addresses.tendlc = service.address; // known only once it listens
});
afterAll(() => service.stop());

const event = (topic: string, type: string, extra: Partial<EventEnvelope> = {}): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  topic,
  key: 'k1',
  occurredAt: new Date().toISOString(),
  payload: {},
  ...extra,
});
// Published by "another service": straight onto the transport the host consumes from.
const publish = (e: EventEnvelope) => service.host['adapters'].transport.publish([e]);

async function eventually<T>(read: () => Promise<T[]>, timeoutMs = 10_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await read();
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const payloadOf = (row: { envelope: EventEnvelope | string }) =>
  (typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope) as EventEnvelope;

describe('ServiceHost', () => {
  it('gives every hosted service the event tables, and continues the producer trace through a consumer', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const ping = event('test.in', 'Ping', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    await publish(ping);
    const rows = await eventually(() => service.db('outbox').where({ type: 'Pong' }));
    expect(rows).toHaveLength(1);
    const envelope = payloadOf(rows[0]);
    expect(envelope.payload).toEqual({ of: ping.id });
    expect(traceIdOf(envelope.traceparent)).toBe(traceId);
  });

  it('on PGlite, idles without polling its outbox or the event log, and still relays and consumes at once', async () => {
    const databases = service.host['adapters'].databases;
    expect(databases.isPostgres).toBe(false);
    // Earlier tests' work settles first: no statement for half a second.
    for (let last = -1; last !== databases.statementCount(); ) {
      last = databases.statementCount();
      await new Promise((r) => setTimeout(r, 500));
    }
    const before = databases.statementCount();
    await new Promise((r) => setTimeout(r, 1_000));
    // At most one 5 s poll of the relay and of each of the four consumer groups can fall in the
    // second; at 250 ms polls they sent about 20 statements.
    expect(databases.statementCount() - before).toBeLessThanOrEqual(5);

    const ping = event('test.in', 'Ping', { key: randomUUID() });
    const published = Date.now();
    await publish(ping);
    const rows = await eventually(() => service.db('outbox').where({ type: 'Pong' }).whereNotNull('published_at').whereRaw(`envelope->'payload'->>'of' = ?`, [ping.id]));
    expect(rows).toHaveLength(1);
    // Consumed on the publish and relayed on the commit, not at the next poll (5 s).
    expect(Date.now() - published).toBeLessThan(2_000);
  });

  it("takes events into the caller's own statement, continuing its trace, and relays them on its commit", async () => {
    const traceId = '5bf92f3577b34da6a3ce929d0e0e4737';
    const within = event('test.within', 'Within', { key: randomUUID(), traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    const published = Date.now();
    await publish(within);
    const rows = await eventually(() =>
      service.db('outbox').where({ type: 'Within' }).whereNotNull('published_at').whereRaw(`envelope->'payload'->>'of' = ?`, [within.id]),
    );
    expect(rows).toHaveLength(1);
    expect(traceIdOf(payloadOf(rows[0]).traceparent)).toBe(traceId);
    expect(Date.now() - published).toBeLessThan(2_000); // kicked on the commit, not found by the relay's 5 s poll
  });

  it("runs a consumer's prepare outside the transaction, so its call to a service answers and apply gets the answer", async () => {
    await publish(event('test.enrich', 'Enrich', { key: 'acct-7' }));
    const rows = await eventually(() => service.db('outbox').where({ type: 'Enriched' }));
    expect(rows.map((row) => payloadOf(row).payload)).toEqual([{ brandIds: ['b-1'] }]);
    expect(await service.db('dead_letters').where({ consumer_group: 'test.enricher' })).toEqual([]);
  });

  it('refuses a call to another service inside apply at once, naming the consumer; the write is rolled back and the event parked', async () => {
    const started = Date.now();
    const careless = event('test.careless', 'Careless');
    await publish(careless);
    const [letter] = await eventually(() => service.db('dead_letters').where({ consumer_group: 'test.careless' }));
    // Five attempts with backoff, not five gRPC deadlines of 10 s.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(letter).toMatchObject({ event_id: careless.id, attempts: 5 });
    expect(letter.error).toContain('event consumer "test.careless" (apply) called /tendlc.v1.TenDlcService/ListBrands');
    expect(await service.db('outbox').where({ type: 'CarelessWrite' })).toEqual([]);
  });
});
