import { TOPICS, type consentEvents } from '@mp/contracts';
import type { OutboxEvent } from '@mp/events';
import type { OptOutScope } from '../opt-outs/opt-out';

export type ConsentEventType = 'RecipientOptedOut' | 'RecipientOptedIn';

/** The scope as events and webhooks name it (spec 2.7, 6.2): entireAccount is `accountWide`. */
export type EventScope = 'subaccount' | 'accountLevelOnly' | 'accountWide';

/**
 * An opt-out's scope in event form. A STOP reply is `subaccount` when it
 * belonged to a subaccount, else `accountLevelOnly` (an account number's STOP
 * concerns account-level sending, and goes to account-level endpoints only).
 */
export function eventScopeOf(scope: OptOutScope, subaccountId: string | null): EventScope {
  switch (scope) {
    case 'entireAccount':
      return 'accountWide';
    case 'accountLevelOnly':
      return 'accountLevelOnly';
    case 'subaccount':
      return 'subaccount';
    default:
      return subaccountId ? 'subaccount' : 'accountLevelOnly';
  }
}

export interface ConsentChange {
  accountId: string;
  subaccountId: string | null;
  recipient: string;
  channel: string;
  scope: EventScope;
  sourceLabel: string;
  receivingNumber: string | null;
  /** RecipientOptedIn only. */
  stillSuppressed?: boolean;
  entryId: string;
  occurredAt: Date;
}

/**
 * The outbox entry of a consent change on consent.events, keyed by the
 * recipient. The payload spells every field out (null for no subaccount or
 * receiving number) as the webhook's `data` has them; stillSuppressed only on
 * RecipientOptedIn. RecipientConsentChanged.fromJSON reads it back.
 */
export function consentChangedEvent(type: ConsentEventType, change: ConsentChange): OutboxEvent {
  const payload: Partial<Record<keyof consentEvents.RecipientConsentChanged, unknown>> = {
    accountId: change.accountId,
    subaccountId: change.subaccountId,
    recipient: change.recipient,
    channel: change.channel,
    scope: change.scope,
    sourceLabel: change.sourceLabel,
    receivingNumber: change.receivingNumber,
    entryId: change.entryId,
    occurredAt: change.occurredAt.toISOString(),
  };
  if (type === 'RecipientOptedIn') payload.stillSuppressed = change.stillSuppressed ?? false;
  return { topic: TOPICS.consent, key: change.recipient, type, payload };
}
