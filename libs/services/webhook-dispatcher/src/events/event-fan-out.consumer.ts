import { randomUUID } from 'node:crypto';
import { TOPICS } from '@mp/contracts';
import type { Clock } from '@mp/clock';
import type { EventConsumer } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { isUuid } from '@mp/grpc';
import type { Knex } from 'knex';
import type { WebhookEndpointRow } from '../endpoints/webhook-endpoint';
import { WEBHOOK_ENDPOINTS } from '../endpoints/webhook-endpoints.repository';
import { insertDeliveries } from '../deliveries/webhook-deliveries.repository';
import { endpointReceives } from './endpoint-matching.rules';
import { webhookEventOf } from './webhook-event';

export const FAN_OUT_CONSUMER_GROUP = 'webhook-dispatcher.fan-out';

/**
 * Message, reply and consent events (and subscription changes, for the
 * billing webhook) -> one delivery per matching active endpoint, written in
 * the transaction that records the event as consumed: an event is never
 * lost between consuming and delivering, and never delivered twice to one
 * endpoint (unique per endpoint and event). The dispatcher is woken once the
 * transaction commits.
 */
export function eventFanOutConsumer(deps: { clock: Clock; logger: Logger; wake: () => void }): EventConsumer {
  return {
    group: FAN_OUT_CONSUMER_GROUP,
    topics: [TOPICS.messaging, TOPICS.replies, TOPICS.consent, TOPICS.identity],
    batchSize: 100,
    async apply(trx, envelope) {
      let event;
      try {
        event = webhookEventOf(envelope);
      } catch (error) {
        // Retrying cannot fix a malformed event; log it rather than block the topic.
        deps.logger.error('event not delivered to webhooks', { eventId: envelope.id, type: envelope.type, error: (error as Error).message });
        return;
      }
      if (!event || !isUuid(event.accountId)) return;
      const endpoints = await endpointsOf(trx, event.accountId, event.audience === 'billing' ? 'billing' : 'message');
      const now = deps.clock.now();
      const rows = endpoints
        .filter((endpoint) => endpointReceives(endpoint, event))
        .map((endpoint) => ({
          id: randomUUID(),
          endpoint_id: endpoint.id,
          account_id: event.accountId,
          event_id: event.eventId,
          event_type: event.eventType,
          message_id: event.messageId,
          payload: event.body,
          next_attempt_at: now,
          created_at: now,
        }));
      if (rows.length === 0) return;
      await insertDeliveries(trx, rows);
      trx.executionPromise?.then(deps.wake, () => undefined);
    },
  };
}

/** Each consuming transaction (a batch of events) reads an account's endpoints once. */
const endpointsByTransaction = new WeakMap<Knex.Transaction, Map<string, Promise<WebhookEndpointRow[]>>>();

function endpointsOf(trx: Knex.Transaction, accountId: string, kind: WebhookEndpointRow['kind']): Promise<WebhookEndpointRow[]> {
  let read = endpointsByTransaction.get(trx);
  if (!read) endpointsByTransaction.set(trx, (read = new Map()));
  const key = `${kind}:${accountId}`;
  let endpoints = read.get(key);
  if (!endpoints) read.set(key, (endpoints = Promise.resolve(trx<WebhookEndpointRow>(WEBHOOK_ENDPOINTS).where({ account_id: accountId, kind, active: true }))));
  return endpoints;
}
