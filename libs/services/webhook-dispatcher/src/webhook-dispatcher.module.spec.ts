import { randomUUID } from 'node:crypto';
import { webhooksV1 } from '@mp/contracts';
import type { AsyncClient, Principal } from '@mp/grpc';
import { startTestService, type TestService } from '@mp/service-host';
import { webhookDispatcherService } from './webhook-dispatcher.module';
import { webhookEndpointRow } from './testing/webhook-endpoint.factory';

const accountId = randomUUID();
const principal: Principal = { kind: 'user', accountId, userId: randomUUID(), role: 'Admin' };
let running: TestService;
let client: AsyncClient<typeof webhooksV1.WebhookDispatcherServiceService>;

beforeAll(async () => {
  running = await startTestService(webhookDispatcherService, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: false, WEBHOOK_DELIVERY_ENABLED: true, WEBHOOK_MAX_IN_FLIGHT: 16 });
  client = running.client(webhooksV1.WebhookDispatcherServiceService);
});

afterAll(async () => {
  client?.close();
  await running?.stop();
});

describe('webhookDispatcherService', () => {
  it('starts, migrates its schema (webhook_dispatcher) and serves ListWebhookEndpoints over gRPC', async () => {
    const row = webhookEndpointRow({ account_id: accountId, created_at: new Date('2025-03-01T10:00:00Z') });
    await running.db('webhook_endpoints').insert(row);
    const answer = await client.listWebhookEndpoints({ accountId }, { principal });
    expect(answer.items.map((e) => e.webhookId)).toEqual([row.id]);
    const error = await client.listWebhookEndpoints({ accountId: randomUUID() }, { principal }).catch((e) => e);
    expect(error.code).toBe('NOT_FOUND');
  });
});
