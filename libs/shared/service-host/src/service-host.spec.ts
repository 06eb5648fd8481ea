import type { EventEnvelope } from '@mp/events';
import { initTelemetry, traceIdOf } from '@mp/telemetry';
import { randomUUID } from 'node:crypto';
import type { ServiceModule } from './service-module';
import { startTestService, type TestService } from './start-test-service';

// A module whose consumer turns each `Ping` on topic `test.in` into a `Pong` on `test.out`.
const relayModule: ServiceModule = {
  name: 'tendlc',
  migrations: [],
  create: ({ outbox }) => ({
    grpc: [],
    consumers: [
      {
        group: 'test.pinger',
        topics: ['test.in'],
        handle: async (event: EventEnvelope, trx) => {
          await outbox.enqueue(trx, { topic: 'test.out', key: event.key, type: 'Pong', payload: { of: event.id } });
        },
      },
    ],
  }),
};

let service: TestService;
beforeAll(async () => {
  initTelemetry();
  service = await startTestService(relayModule, {});
});
afterAll(() => service.stop());

describe('ServiceHost', () => {
  it('gives every hosted service the event tables, and continues the producer trace through a consumer', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const ping: EventEnvelope = {
      id: randomUUID(),
      type: 'Ping',
      version: 1,
      topic: 'test.in',
      key: 'k1',
      occurredAt: new Date().toISOString(),
      traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
      payload: {},
    };
    // Published by "another service": straight onto the transport the host consumes from.
    await service.host['adapters'].transport.publish([ping]);
    let rows: Array<{ type: string; envelope: EventEnvelope }> = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      rows = await service.db('outbox').where({ type: 'Pong' });
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows).toHaveLength(1);
    const envelope = typeof rows[0].envelope === 'string' ? JSON.parse(rows[0].envelope) : rows[0].envelope;
    expect(envelope.payload).toEqual({ of: ping.id });
    expect(traceIdOf(envelope.traceparent)).toBe(traceId);
  });
});
