import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { startIdempotentConsumer } from '../consumer/idempotent-consumer';
import type { EventTransport, Subscription } from '../event-transport';
import { enqueueEvent } from '../outbox/enqueue-event';
import { OutboxRelay } from '../outbox/outbox-relay';
import { kcatMissing, startKcatMockCluster, type KcatMockCluster } from '../testing/kcat-mock-cluster';
import { recordingLogger, serviceSchema, sleep, uniqueName, waitFor } from '../testing/test-helpers';
import { createKafkaTransport } from './kafka-transport';

// Issue 27 point 6: Kafka stopped and started under traffic. A producer keeps writing events
// through its outbox while every broker is stopped for longer than the consumers' session timeout;
// the outbox holds what it cannot publish, and once the brokers are back each of two consumer
// groups applies every event exactly once.
//
// It runs on the Kafka tier (KAFKA_BROKERS set, as .ci/run's Kafka step does) with a kcat mock
// cluster of its own, since it stops that cluster; the database is PostgreSQL when DATABASE_URL is
// set, otherwise embedded PGlite.

const onKafkaTier = Boolean(process.env['KAFKA_BROKERS']?.trim());
const missing = kcatMissing();
const databaseUrl = process.env['DATABASE_URL'];

/** Outage longer than the session timeout, so the coordinator drops every member and the groups rebalance after it. */
const SESSION_TIMEOUT_MS = 6_000;
const OUTAGE_MS = 9_000;
const PER_PHASE = 80;
const GROUPS = ['billing', 'audit'] as const;

jest.setTimeout(180_000);

const skipped = missing ?? (onKafkaTier ? undefined : 'it runs on the Kafka tier: KAFKA_BROKERS set, as .ci/run does');
if (skipped) console.warn(`kafka-outage: skipped: ${skipped}`);

describe('Kafka stopped and started under traffic', () => {
  let cluster: KcatMockCluster;
  let provider: DatabaseProvider;
  const schemas: string[] = [];
  const transports: EventTransport[] = [];
  const subscriptions: Subscription[] = [];
  let relay: OutboxRelay | undefined;

  beforeAll(async () => {
    if (skipped) return;
    cluster = await startKcatMockCluster();
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
  });

  afterAll(async () => {
    if (skipped) return;
    cluster?.resume(); // a failed test must not leave its clients waiting on a stopped cluster
    await relay?.stop();
    await Promise.all(subscriptions.map((s) => s.stop()));
    await Promise.all(transports.map((t) => t.close()));
    const admin = provider.forSchema('public');
    for (const schema of schemas) await admin.raw(`drop schema if exists "${schema}" cascade`);
    await provider.close();
    await cluster?.release();
  });

  /** One transport per process that would hold it: the producer and each consumer group are apart. */
  const transport = (name: string): EventTransport => {
    const t = createKafkaTransport({ brokers: cluster.brokers, clientId: uniqueName(name, '-'), sessionTimeoutMs: SESSION_TIMEOUT_MS, logger: recordingLogger() });
    transports.push(t);
    return t;
  };

  const schema = async (prefix: string): Promise<Knex> => {
    const name = uniqueName(prefix);
    schemas.push(name);
    return serviceSchema(provider, name);
  };

  it('the outbox holds events while Kafka is away; after it returns every event is applied once by each group', async () => {
    if (skipped) return;
    const topic = uniqueName('outage', '-');
    const producer = await schema('producer');
    const publisher = transport('producer');
    await publisher.ensureTopics([topic]);

    // Two groups, each in a "process" of its own: an inbox whose unique event id fails loudly on a second apply.
    const inboxes = new Map<string, Knex>();
    for (const group of GROUPS) {
      const db = await schema(group);
      await db.schema.createTable('inbox', (t) => {
        t.text('event_id').unique();
        t.integer('n');
      });
      inboxes.set(group, db);
      subscriptions.push(
        await startIdempotentConsumer({
          db,
          transport: transport(group),
          group: uniqueName(group, '-'),
          topics: [topic],
          batchSize: 8,
          logger: recordingLogger(),
          apply: async (trx, event) => void (await trx('inbox').insert({ event_id: event.id, n: (event.payload as { n: number }).n })),
        }),
      );
    }
    relay = new OutboxRelay({ db: producer, transport: publisher, pollIntervalMs: 100, batchSize: 20, logger: recordingLogger() });
    relay.start();

    // Steady traffic: one committed event every 25 ms, numbered in order.
    let written = 0;
    const write = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const n = written++;
        await producer.transaction((trx) => enqueueEvent(trx, { topic, key: `k${n % 5}`, type: 'Counted', payload: { n } }, new Date()));
        relay!.kick();
        await sleep(25);
      }
    };
    const applied = async (group: string) => Number((await inboxes.get(group)!('inbox').count({ c: '*' }))[0].c);
    const unpublished = async () => Number((await producer('outbox').whereNull('published_at').count({ c: '*' }))[0].c);

    await write(PER_PHASE);
    for (const group of GROUPS) await waitFor(async () => (await applied(group)) === PER_PHASE, 60_000, `${group}: the events before the outage`);

    // Kafka goes away while the producer keeps writing.
    cluster.stop();
    const stoppedAt = Date.now();
    await write(PER_PHASE);
    const heldDuringOutage = await unpublished();
    const appliedDuringOutage = await Promise.all(GROUPS.map(applied));
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
    // Nothing of the second phase reached a consumer, and the outbox still holds it.
    expect(appliedDuringOutage).toEqual(GROUPS.map(() => PER_PHASE));
    expect(heldDuringOutage).toBeGreaterThanOrEqual(PER_PHASE);
    expect(await unpublished()).toBe(heldDuringOutage);

    // The same Kafka is back; traffic goes on.
    cluster.resume();
    const resumedAt = Date.now();
    await write(PER_PHASE);
    const total = written;
    await waitFor(async () => (await unpublished()) === 0, 90_000, 'the outbox to drain');
    for (const group of GROUPS) await waitFor(async () => (await applied(group)) >= total, 90_000, `${group}: every event`);
    console.log(`kafka-outage: ${total} events, Kafka stopped ${OUTAGE_MS} ms; both groups complete ${Date.now() - resumedAt} ms after it returned`);
    await sleep(1_000); // a late redelivery would show as a second apply (the unique index) or a higher count

    for (const group of GROUPS) {
      const db = inboxes.get(group)!;
      const ns = (await db('inbox').orderBy('n').pluck('n')).map(Number);
      expect({ group, ns }).toEqual({ group, ns: Array.from({ length: total }, (_, n) => n) });
      expect(await db('dead_letters').count({ c: '*' }).then((r) => Number(r[0].c))).toBe(0);
    }
  });
});
