import { webhooksEvents } from '@mp/contracts';
import { isUuid } from '../shared/ids';

/** A WebhookEndpointDeactivated as identity mails it (spec 3.3). */
export interface WebhookDeactivation {
  accountId: string;
  webhookId: string;
  url: string;
  label: string;
  consecutiveFailures: number;
  lastError?: string;
  /** Undefined when the event's time is missing or unreadable: the mail then names no time. */
  deactivatedAt?: Date;
}

/**
 * Reads a WebhookEndpointDeactivated payload (proto JSON, nulls allowed).
 * Throws when it lacks the account (no one to tell) or the endpoint (the
 * mail's re-activation route names it).
 */
export function webhookDeactivationOf(payload: unknown): WebhookDeactivation {
  const event = webhooksEvents.WebhookEndpointDeactivated.fromJSON(payload ?? {});
  if (!isUuid(event.accountId) || !isUuid(event.webhookId)) {
    const ids = `account ${event.accountId || '(none)'}, webhook ${event.webhookId || '(none)'}`;
    throw new Error(`WebhookEndpointDeactivated lacks a valid account or webhook id (${ids})`);
  }
  const at = event.occurredAt ? new Date(event.occurredAt) : undefined;
  return {
    accountId: event.accountId,
    webhookId: event.webhookId,
    url: event.url,
    label: event.label,
    consecutiveFailures: event.consecutiveFailures,
    lastError: event.lastError,
    deactivatedAt: at && !Number.isNaN(at.getTime()) ? at : undefined,
  };
}
