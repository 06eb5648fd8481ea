import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { repliesV1, TOPICS } from '@mp/contracts';
import type { Knex } from 'knex';
import { createLogger } from '@mp/telemetry';
import type { AsyncClient, Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { inboundMessageRow } from './testing/inbound-message.factory';
import { startTestService, type ServiceClients, type TestService } from '@mp/service-host';
import { repliesService } from './replies.module';

const accountId = randomUUID();
const principal: Principal = { kind: 'user', accountId, userId: randomUUID(), role: 'Member' };
let running: TestService;
let client: AsyncClient<typeof repliesV1.RepliesServiceService>;

beforeAll(async () => {
  running = await startTestService(repliesService, {});
  client = running.client(repliesV1.RepliesServiceService);
});

afterAll(async () => {
  client?.close();
  await running?.stop();
});

describe('repliesService', () => {
  it('starts, migrates its schema and serves ListInboundMessages over gRPC', async () => {
    const row = inboundMessageRow({ account_id: accountId, received_at: new Date('2025-03-01T10:00:00Z') });
    await running.db('inbound_messages').insert(row);
    const answer = await client.listInboundMessages({ accountId }, { principal });
    expect(answer.items.map((i) => i.inboundMessageId)).toEqual([row.inbound_message_id]);
    expect(answer.nextCursor).toBeUndefined();
  });

  it('sends NOT_FOUND and VALIDATION_FAILED with the bad fields across the wire', async () => {
    const other = await client.listInboundMessages({ accountId: randomUUID() }, { principal }).catch((e) => e);
    expect(other).toBeInstanceOf(DomainError);
    expect(other.code).toBe('NOT_FOUND');
    const invalid = await client.listInboundMessages({ accountId, pageSize: '201', cursor: 'x!' }, { principal }).catch((e) => e);
    expect(invalid).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: { pageSize: expect.any(Array), cursor: expect.any(Array) } } });
  });

  it('serves ListMessageReplies: a message of another account is NOT_FOUND across the wire', async () => {
    const other = await client.listMessageReplies({ accountId: randomUUID(), messageId: randomUUID() }, { principal }).catch((e) => e);
    expect(other).toMatchObject({ code: 'NOT_FOUND', detail: 'Message not found.' });
  });

  it("consumes messaging's events and carrier inbound messages, each in a group of its own", async () => {
    const parts = await repliesService.create({
      config: {},
      db: running.db as Knex,
      outbox: { enqueue: () => Promise.reject(new Error('unused')) },
      clock: new SandboxClock(),
      logger: createLogger('silent'),
      clients: {} as ServiceClients,
      sandbox: true,
    });
    expect((parts.consumers ?? []).map((c) => ({ group: c.group, topics: c.topics }))).toEqual([
      { group: 'replies.messaging-events', topics: [TOPICS.messaging] },
      { group: 'replies.carrier-inbound', topics: [TOPICS.carrierInbound] },
    ]);
  });
});
