/** One error Meta attaches to a failed status or to a change (`errors[]`): the code is what the platform keeps. */
export interface WhatsAppError {
  code: number;
  title?: string;
}

interface StatusCommon {
  /** The wamid of our message. */
  id: string;
  /** Meta's `timestamp` (Unix seconds) as ISO 8601 UTC. */
  occurredAt: string;
  recipientId: string;
}

/** One `statuses[]` item. A status Meta adds later is kept as `other`, with what Meta called it, never dropped. */
export type WhatsAppStatus = StatusCommon &
  ({ status: 'sent' | 'delivered' | 'read' } | { status: 'failed'; errors: WhatsAppError[] } | { status: 'other'; reported: string });

interface MessageCommon {
  /** The customer's wamid. */
  id: string;
  /** The customer's WhatsApp id (digits of their number, as Meta sends it). */
  from: string;
  /** Meta's `timestamp` (Unix seconds) as ISO 8601 UTC. */
  occurredAt: string;
  /** `context.id`: the wamid of the message this one answers or quotes. */
  contextId?: string;
}

/** A reply to an interactive message: a reply button's id and title, or a list row's id, title and description. */
export interface WhatsAppInteractiveReply {
  kind: 'button_reply' | 'list_reply';
  id: string;
  title: string;
  description?: string;
}

/**
 * One `messages[]` item: text, a template's quick-reply `button`, an
 * interactive reply, or any other type kept as `other` with the type Meta
 * named (`image`, `interactive.nfm_reply`, …) and the item as it came.
 */
export type WhatsAppMessage = MessageCommon &
  (
    | { type: 'text'; text: string }
    | { type: 'button'; button: { text: string; payload: string } }
    | { type: 'interactive'; reply: WhatsAppInteractiveReply }
    | { type: 'other'; reported: string; raw: Record<string, unknown> }
  );

/** One `entry[].changes[]` of field `messages`: the business number it concerns and what it carries. */
export interface WhatsAppChange {
  /** `entry[].id`: the WhatsApp Business Account. */
  businessAccountId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  statuses: WhatsAppStatus[];
  messages: WhatsAppMessage[];
  /** `value.errors[]`: errors Meta reports outside a message (e.g. 130429 rate limit). */
  errors: WhatsAppError[];
}

/** A whole webhook POST, every change in Meta's order. */
export interface WhatsAppWebhook {
  changes: WhatsAppChange[];
  /** Fields of changes other than `messages` (e.g. `account_update`), by name: subscribed but not read here. */
  otherFields: string[];
}

export type WebhookRefusalReason = 'too-large' | 'not-json' | 'wrong-object' | 'malformed';

/** Why a body was refused: the reason, and a detail naming the place (never a value from the body). */
export interface WebhookRefusal {
  reason: WebhookRefusalReason;
  detail: string;
}

/** A body taken whole, or refused whole: there is never a partial result. */
export type WhatsAppWebhookParse = { ok: true; webhook: WhatsAppWebhook } | { ok: false; refusal: WebhookRefusal };
