import type { webhooksV1 } from '@mp/contracts';
import type {
  AttemptTrigger,
  BillingWebhookConfigResource,
  DeliveredEventType,
  WebhookDeliveryResource,
  WebhookDeliveryStatus,
  WebhookResource,
} from './webhooks.models';

export function toWebhookResource(endpoint: webhooksV1.WebhookEndpoint): WebhookResource {
  return {
    webhookId: endpoint.webhookId,
    subaccountId: endpoint.subaccountId ?? null,
    url: endpoint.url,
    label: endpoint.label,
    subscribedEvents: endpoint.subscribedEvents,
    active: endpoint.active,
    consecutiveFailures: endpoint.consecutiveFailures,
    deactivatedAt: endpoint.deactivatedAt ?? null,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

export function toDeliveryResource(delivery: webhooksV1.WebhookDelivery): WebhookDeliveryResource {
  return {
    deliveryLogId: delivery.deliveryLogId,
    webhookId: delivery.webhookId,
    eventType: delivery.eventType as DeliveredEventType,
    messageId: delivery.messageId ?? null,
    status: delivery.status as WebhookDeliveryStatus,
    attempts: delivery.attempts.map((a) => ({
      number: a.number,
      trigger: a.trigger as AttemptTrigger,
      attemptedAt: a.attemptedAt,
      statusCode: a.statusCode ?? null,
      error: a.error ?? null,
      durationMs: a.durationMs,
      succeeded: a.succeeded,
    })),
    nextAttemptAt: delivery.nextAttemptAt ?? null,
    createdAt: delivery.createdAt,
    event: JSON.parse(delivery.payloadJson) as Record<string, unknown>,
  };
}

export function toBillingConfig(config: webhooksV1.BillingWebhookConfig): BillingWebhookConfigResource {
  return {
    enabled: config.enabled,
    url: config.url ?? null,
    ...(config.signingSecret !== undefined && { signingSecret: config.signingSecret }),
    updatedAt: config.updatedAt ?? null,
  };
}
