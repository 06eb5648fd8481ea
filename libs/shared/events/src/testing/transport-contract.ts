import type { EventEnvelope } from '../event-envelope';
import type { EventTransport, Subscription } from '../event-transport';
import { envelope, sleep, uniqueName, waitFor } from './test-helpers';

// Behaviour every EventTransport must have; run on Kafka and on the embedded log by the
// integration spec. Topics and groups are unique per run because a real cluster keeps them.

export interface TransportContractSetup {
  /** A transport to the same broker/database; called again to simulate a process restart. */
  createTransport(): EventTransport;
  /** Delivery wait; Kafka needs a few seconds for a new group to join. */
  timeoutMs: number;
}

export function transportContract(setup: TransportContractSetup): void {
  describe('EventTransport contract', () => {
    const open: EventTransport[] = [];
    const transport = () => {
      const created = setup.createTransport();
      open.push(created);
      return created;
    };
    const names = () => ({ topic: uniqueName('contract', '-'), group: uniqueName('group', '-') });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((t) => t.close()));
    });

    async function collect(t: EventTransport, group: string, topics: string[], fromBeginning = true) {
      const received: EventEnvelope[] = [];
      const subscription = await t.subscribe({ group, topics, fromBeginning, handler: async (e) => void received.push(e) });
      return { received, subscription };
    }

    it('creates topics idempotently', async () => {
      const t = transport();
      const { topic } = names();
      await t.ensureTopics([topic]);
      await t.ensureTopics([topic, topic]);
    });

    it('delivers the published envelopes unchanged, in order per key', async () => {
      const t = transport();
      const { topic, group } = names();
      await t.ensureTopics([topic]);
      const events = Array.from({ length: 12 }, (_, n) =>
        envelope({
          topic,
          key: `entity-${n % 3}`,
          payload: { n, nested: { list: [n] } },
          traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
        }),
      );
      await t.publish(events.slice(0, 5));
      await t.publish(events.slice(5));
      const { received } = await collect(t, group, [topic]);

      await waitFor(() => received.length >= events.length, setup.timeoutMs, 'all events');
      const sortById = (list: EventEnvelope[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
      expect(sortById(received)).toEqual(sortById(events));
      for (const key of ['entity-0', 'entity-1', 'entity-2']) {
        const order = (list: EventEnvelope[]) => list.filter((e) => e.key === key).map((e) => e.id);
        expect(order(received)).toEqual(order(events));
      }
    });

    it('gives every group every event', async () => {
      const t = transport();
      const { topic } = names();
      await t.ensureTopics([topic]);
      const [one, two] = await Promise.all([collect(t, uniqueName('one', '-'), [topic]), collect(t, uniqueName('two', '-'), [topic])]);
      const events = [1, 2, 3].map((n) => envelope({ topic, payload: n }));
      await t.publish(events);
      await waitFor(() => one.received.length >= 3 && two.received.length >= 3, setup.timeoutMs, 'both groups');
      expect(one.received.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
      expect(two.received.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
    });

    it('retries a failing handler until it succeeds, without losing later events', async () => {
      const t = transport();
      const { topic, group } = names();
      await t.ensureTopics([topic]);
      const handled: unknown[] = [];
      let failures = 2;
      await t.subscribe({
        group,
        topics: [topic],
        fromBeginning: true,
        handler: async (e) => {
          if (e.payload === 'flaky' && failures-- > 0) throw new Error('transient');
          handled.push(e.payload);
        },
      });
      await t.publish([envelope({ topic, payload: 'flaky' }), envelope({ topic, payload: 'after' })]);
      await waitFor(() => handled.length >= 2, setup.timeoutMs, 'both events');
      expect(handled).toEqual(['flaky', 'after']); // same key: the later event waited for the retried one
    });

    it('delivers batches of at most maxBatchSize in order, and retries a failed batch whole', async () => {
      const t = transport();
      const { topic, group } = names();
      await t.ensureTopics([topic]);
      const events = Array.from({ length: 7 }, (_, n) => envelope({ topic, key: 'one-key', payload: n }));
      await t.publish(events);
      const batches: unknown[][] = [];
      let failures = 1;
      await t.subscribe({
        group,
        topics: [topic],
        fromBeginning: true,
        maxBatchSize: 3,
        batchHandler: async (batch) => {
          if (batch.some((e) => e.payload === 4) && failures-- > 0) throw new Error('transient');
          batches.push(batch.map((e) => e.payload));
        },
      });
      await waitFor(() => batches.flat().length >= events.length, setup.timeoutMs, 'all batches');
      expect(batches.flat()).toEqual([0, 1, 2, 3, 4, 5, 6]); // the failed batch came again, whole and once
      expect(batches.every((batch) => batch.length >= 1 && batch.length <= 3)).toBe(true);
    });

    it("reports each subscribed group's lag: the events beyond its committed position, 0 once handled", async () => {
      const t = transport();
      const { topic, group } = names();
      await t.ensureTopics([topic]);
      expect(await t.consumerLag()).toEqual([]); // nothing subscribed through this transport
      await t.publish([1, 2, 3].map((n) => envelope({ topic, payload: n })));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const handled: unknown[] = [];
      await t.subscribe({
        group,
        topics: [topic],
        fromBeginning: true,
        handler: async (e) => {
          await held;
          handled.push(e.payload);
        },
      });
      const lagOf = async () => (await t.consumerLag()).find((l) => l.consumerGroup === group && l.topic === topic)?.lag;
      expect(await lagOf()).toBe(3); // held at the first event: nothing committed yet
      release();
      await waitFor(() => handled.length >= 3, setup.timeoutMs, 'all three handled');
      let last: number | undefined;
      await waitFor(async () => (last = await lagOf()) === 0, setup.timeoutMs, 'the lag to reach 0 once committed').catch((error: Error) => {
        throw new Error(`${error.message} (last reading ${last})`);
      });
    });

    it('resumes a group after a restart from its committed position', async () => {
      const { topic, group } = names();
      const first = transport();
      await first.ensureTopics([topic]);
      const before = [1, 2, 3].map((n) => envelope({ topic, payload: n }));
      await first.publish(before);
      const run1 = await collect(first, group, [topic]);
      await waitFor(() => run1.received.length >= 3, setup.timeoutMs, 'first run');
      await sleep(200);
      await first.close();

      const second = transport();
      const after = [4, 5].map((n) => envelope({ topic, payload: n }));
      await second.publish(after);
      const run2 = await collect(second, group, [topic]);
      await waitFor(() => run2.received.length >= 2, setup.timeoutMs, 'second run');
      await sleep(500);
      expect(run1.received.map((e) => e.payload)).toEqual([1, 2, 3]);
      expect(run2.received.map((e) => e.payload)).toEqual([4, 5]);
    });

    it('stops a subscription and closes quickly and idempotently', async () => {
      const t = transport();
      const { topic, group } = names();
      await t.ensureTopics([topic]);
      const { subscription } = await collect(t, group, [topic]);
      const started = Date.now();
      await (subscription as Subscription).stop();
      await t.close();
      await t.close();
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect(t.publish([envelope({ topic })])).rejects.toThrow(/closed/);
    });
  });
}
