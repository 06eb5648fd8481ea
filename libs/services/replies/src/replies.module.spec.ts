import { randomUUID } from 'node:crypto';
import { repliesV1 } from '@mp/contracts';
import type { AsyncClient, Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { inboundMessageRow } from './testing/inbound-message.factory';
import { startTestService, type TestService } from '@mp/service-host';
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
    const answer = await client.listInboundMessages({ accountId, pageSize: 0 }, { principal });
    expect(answer.items.map((i) => i.inboundMessageId)).toEqual([row.inbound_message_id]);
    expect(answer.nextCursor).toBeUndefined();
  });

  it('sends NOT_FOUND and VALIDATION_FAILED with the bad fields across the wire', async () => {
    const other = await client.listInboundMessages({ accountId: randomUUID(), pageSize: 0 }, { principal }).catch((e) => e);
    expect(other).toBeInstanceOf(DomainError);
    expect(other.code).toBe('NOT_FOUND');
    const invalid = await client.listInboundMessages({ accountId, pageSize: 201, cursor: 'x!' }, { principal }).catch((e) => e);
    expect(invalid).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: { pageSize: expect.any(Array), cursor: expect.any(Array) } } });
  });
});
