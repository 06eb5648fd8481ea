import { randomUUID } from 'node:crypto';
import { messagingEvents, TOPICS, webhooksV1 } from '@mp/contracts';
import type { EventEnvelope } from '@mp/events';
import type { AsyncClient, Principal } from '@mp/grpc';
import { startTestService, type TestService } from '@mp/service-host';
import { FAN_OUT_CONSUMER_GROUP } from './events/event-fan-out.consumer';
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

  it('fans an event out to the endpoints of its account, and passes over, without recording them, events no endpoint hears', async () => {
    const withEndpoint = randomUUID();
    const withoutEndpoint = randomUUID();
    const inactive = randomUUID();
    const endpoint = webhookEndpointRow({ account_id: withEndpoint, created_at: new Date('2025-03-01T10:00:00Z') });
    await running.db('webhook_endpoints').insert([endpoint, webhookEndpointRow({ account_id: inactive, created_at: new Date('2025-03-01T10:00:00Z'), active: false })]);
    const lifecycle = (account: string, type: string, state: string): EventEnvelope => {
      const messageId = randomUUID();
      return {
        id: randomUUID(),
        type,
        version: 1,
        topic: TOPICS.messaging,
        key: messageId,
        occurredAt: '2025-03-02T10:00:00.000Z',
        payload: messagingEvents.MessageLifecycleEvent.toJSON(
          messagingEvents.MessageLifecycleEvent.fromPartial({ messageId, accountId: account, channelType: 'sms', state, destination: '+14155550100', occurredAt: '2025-03-02T10:00:00.000Z', attempt: 1 }),
        ),
      };
    };
    const passedOver = [
      lifecycle(withoutEndpoint, 'MessageDelivered', 'delivered'),
      lifecycle(inactive, 'MessageDelivered', 'delivered'),
      lifecycle(withEndpoint, 'MessageDispatched', 'dispatched'), // no customer hears about it
    ];
    const heard = lifecycle(withEndpoint, 'MessageDelivered', 'delivered');
    await running.transport.publish([...passedOver, heard]); // in log order: the heard one is handled last

    const deadline = Date.now() + 10_000;
    while ((await running.db('webhook_deliveries').where({ event_id: heard.id })).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await running.db('webhook_deliveries').whereIn('account_id', [withEndpoint, withoutEndpoint, inactive]).select('endpoint_id', 'event_id')).toEqual([
      { endpoint_id: endpoint.id, event_id: heard.id },
    ]);
    expect(await running.db('processed_events').where({ consumer_group: FAN_OUT_CONSUMER_GROUP }).pluck('event_id')).toEqual([heard.id]);
  });
});
