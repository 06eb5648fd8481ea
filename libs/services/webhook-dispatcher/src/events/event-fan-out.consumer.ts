import { randomUUID } from 'node:crypto';
import { TOPICS } from '@mp/contracts';
import type { Clock } from '@mp/clock';
import type { EventConsumer } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { isUuid } from '@mp/grpc';
import type { EventEnvelope } from '@mp/events';
import type { Knex } from 'knex';
import type { WebhookEndpointRow } from '../endpoints/webhook-endpoint';
import { audienceKey, audiencesWithActiveEndpoints, WEBHOOK_ENDPOINTS } from '../endpoints/webhook-endpoints.repository';
import { insertDeliveries } from '../deliveries/webhook-deliveries.repository';
import { endpointReceives } from './endpoint-matching.rules';
import { webhookEventOf, type WebhookEvent } from './webhook-event';

export const FAN_OUT_CONSUMER_GROUP = 'webhook-dispatcher.fan-out';

/**
 * Message, reply and consent events (and subscription changes, for the
 * billing webhook) -> one delivery per matching active endpoint, written in
 * the transaction that records the event as consumed: an event is never
 * lost between consuming and delivering, and never delivered twice to one
 * endpoint (unique per endpoint and event). The dispatcher is woken once the
 * transaction commits. Events no customer hears about, and events of accounts
 * without an active endpoint of their kind, are passed over before any
 * transaction: most accounts send without webhooks.
 */
export function eventFanOutConsumer(deps: { db: Knex; clock: Clock; logger: Logger; wake: () => void }): EventConsumer {
  // Parsed once per envelope: by actionable, then by apply.
  const parsed = new WeakMap<EventEnvelope, WebhookEvent | undefined | Error>();
  const webhookEvent = (envelope: EventEnvelope): WebhookEvent | undefined | Error => {
    if (!parsed.has(envelope)) {
      let event: WebhookEvent | undefined | Error;
      try {
        event = webhookEventOf(envelope);
        if (event && !isUuid(event.accountId)) event = undefined;
      } catch (error) {
        event = error as Error;
      }
      parsed.set(envelope, event);
    }
    return parsed.get(envelope);
  };

  return {
    group: FAN_OUT_CONSUMER_GROUP,
    topics: [TOPICS.messaging, TOPICS.replies, TOPICS.consent, TOPICS.identity],
    batchSize: 100,
    async actionable(envelopes) {
      const audiences = new Map<string, [string, WebhookEndpointRow['kind']]>();
      for (const envelope of envelopes) {
        const event = webhookEvent(envelope);
        if (event && !(event instanceof Error)) audiences.set(audienceOf(event), [event.accountId, kindOf(event)]);
      }
      const heard = await audiencesWithActiveEndpoints(deps.db, [...audiences.values()]);
      // A malformed event goes on to apply, which logs it.
      return envelopes.filter((envelope) => {
        const event = webhookEvent(envelope);
        return event instanceof Error || (event !== undefined && heard.has(audienceOf(event)));
      });
    },
    async apply(trx, envelope) {
      const event = webhookEvent(envelope);
      if (event instanceof Error) {
        // Retrying cannot fix a malformed event; log it rather than block the topic.
        deps.logger.error('event not delivered to webhooks', { eventId: envelope.id, type: envelope.type, error: event.message });
        return;
      }
      if (!event) return;
      const endpoints = await endpointsOf(trx, event.accountId, kindOf(event));
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

const kindOf = (event: WebhookEvent): WebhookEndpointRow['kind'] => (event.audience === 'billing' ? 'billing' : 'message');
const audienceOf = (event: WebhookEvent) => audienceKey(event.accountId, kindOf(event));

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
