import { logLevel } from 'kafkajs';
import type { EventEnvelope } from '../event-envelope';
import type { EventTransport, Subscription } from '../event-transport';
import { envelope, recordingLogger, uniqueName, waitFor } from '../testing/test-helpers';
import { createKafkaTransport } from './kafka-transport';

// Issue 27 point 6: a rolling restart stops a replica (SIGTERM) while a new one joins its consumer
// groups. The stopping member is then rejoining the group, and the coordinator answers a join only
// once the rebalance completes (librdkafka's mock: after the session timeout, 30 s by default);
// kafkajs left the group only after that answer, so the stop outlasted the process's shutdown grace
// (25 s) and the replica exited 1. A stop during a rebalance ends at once, and the member that stays
// gets every event the stopped one did not finish.
//
// On the Kafka tier (KAFKA_BROKERS set, as .ci/run's Kafka step does).

const brokers = process.env['KAFKA_BROKERS']?.split(',').map((b) => b.trim()).filter(Boolean);
/** Well within a process's shutdown grace (SHUTDOWN_GRACE_MS, 25 s by default). */
const STOP_WITHIN_MS = 5_000;
const BEFORE = 20;
const AFTER = 20;

jest.setTimeout(180_000);

if (!brokers?.length) console.warn('kafka-rebalance-stop: skipped: it runs on the Kafka tier (KAFKA_BROKERS set, as .ci/run does)');

describe('a Kafka subscription stopped while its group rebalances', () => {
  const transports: EventTransport[] = [];
  const subscriptions: Subscription[] = [];

  afterAll(async () => {
    await Promise.allSettled(subscriptions.map((s) => s.stop()));
    await Promise.allSettled(transports.map((t) => t.close()));
  });

  /** One transport per process that would hold it; kafkajs' warnings kept to see the rejoin. */
  const transport = (name: string, logger = recordingLogger()) => {
    const t = createKafkaTransport({ brokers: brokers!, clientId: uniqueName(name, '-'), logger, logLevel: logLevel.WARN });
    transports.push(t);
    return t;
  };

  it('stops at once, without error, while it rejoins for a member that is joining; that member gets every event it did not finish', async () => {
    if (!brokers?.length) return;
    const topic = uniqueName('rebalance-stop', '-');
    const group = uniqueName('rebalance-stop', '-');
    const publisher = transport('publisher');
    await publisher.ensureTopics([topic]);
    const publish = (from: number, count: number) =>
      publisher.publish(Array.from({ length: count }, (_, i) => envelope({ topic, key: `k${(from + i) % 7}`, payload: { n: from + i } })));
    const numbers = (events: EventEnvelope[]) => events.map((e) => (e.payload as { n: number }).n);

    // The member that will be stopped: joined, and through the first events.
    const stoppingLog = recordingLogger();
    const seenByStopping: EventEnvelope[] = [];
    const stopping = await transport('stopping', stoppingLog).subscribe({
      group,
      topics: [topic],
      fromBeginning: true,
      handler: async (event) => void seenByStopping.push(event),
    });
    subscriptions.push(stopping);
    await publish(0, BEFORE);
    await waitFor(() => seenByStopping.length >= BEFORE, 60_000, 'the first member to handle the first events');

    // A second member joins: the group rebalances, and the first one rejoins.
    const seenByStaying: EventEnvelope[] = [];
    const staying = transport('staying').subscribe({ group, topics: [topic], fromBeginning: true, handler: async (event) => void seenByStaying.push(event) });
    staying.catch(() => undefined); // awaited below
    const rejoining = () => stoppingLog.warn.mock.calls.some(([message]) => String(message).includes('The group is rebalancing, re-joining'));
    await waitFor(rejoining, 60_000, 'the first member to rejoin the group');

    const stopStarted = Date.now();
    const stopped = await stopping.stop().then(
      () => 'stopped',
      (error: unknown) => `failed: ${String(error)}`,
    );
    expect({ stopped, withinLimit: Date.now() - stopStarted <= STOP_WITHIN_MS }).toEqual({ stopped: 'stopped', withinLimit: true });

    // Nothing is lost: the member that stays gets what the stopped one did not commit, and what comes next.
    subscriptions.push(await staying);
    await publish(BEFORE, AFTER);
    const all = Array.from({ length: BEFORE + AFTER }, (_, n) => n);
    await waitFor(() => all.every((n) => numbers(seenByStopping).includes(n) || numbers(seenByStaying).includes(n)), 90_000, 'every event handled by one member or the other');
    expect(numbers(seenByStaying)).toEqual(expect.arrayContaining(all.slice(BEFORE)));
  });
});
