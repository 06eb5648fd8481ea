import { randomUUID } from 'node:crypto';
import { messagingEvents, providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { EventEnvelope } from '@mp/events';

type Lifecycle = messagingEvents.MessageLifecycleEvent;
type Inbound = providerCallbackEvents.CarrierInboundReceived;

/** A messaging lifecycle event as messaging publishes it (MessageDispatched unless told otherwise). */
export function lifecycleEnvelope(
  overrides: Partial<Lifecycle> & { messageId: string; accountId: string; occurredAt: string },
  type = 'MessageDispatched',
): EventEnvelope {
  const payload: Lifecycle = {
    channelType: 'Sms',
    state: type === 'MessageDispatched' ? 'dispatched' : 'queued',
    destination: '+14155550100',
    replyOptions: [],
    attempt: 1,
    fromAddress: type === 'MessageDispatched' ? '+15550009999' : undefined,
    carrierMessageId: type === 'MessageDispatched' ? `sim-${randomUUID()}` : undefined,
    ...overrides,
  };
  return {
    id: randomUUID(),
    type,
    version: 1,
    topic: TOPICS.messaging,
    key: payload.messageId,
    occurredAt: payload.occurredAt,
    payload: messagingEvents.MessageLifecycleEvent.toJSON(payload),
  };
}

/** A reply as provider-callback publishes it on carrier.inbound. */
export function inboundEnvelope(overrides: Partial<Inbound> & { receivedAt: string }): EventEnvelope {
  const payload: Inbound = {
    providerEventId: randomUUID(),
    carrier: 'sim-sms',
    carrierMessageId: `in-${randomUUID()}`,
    channelType: 'Sms',
    from: '+14155550100',
    to: '+15550009999',
    body: 'Hello',
    ...overrides,
  };
  return {
    id: randomUUID(),
    type: 'CarrierInboundReceived',
    version: 1,
    topic: TOPICS.carrierInbound,
    key: payload.from,
    occurredAt: payload.receivedAt,
    payload: providerCallbackEvents.CarrierInboundReceived.toJSON(payload),
  };
}
