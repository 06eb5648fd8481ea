import type { ReplyOption } from '../templates/templates.models';

/** A channel (spec 2.1). */
export type ChannelType = 'Sms' | 'WhatsApp' | 'Email';
/** What a message is sent as (spec 2.1). */
export type MessageType = 'Transactional' | 'Marketing';
/** `Urgent` messages go first when waiting work is ordered (spec 3.1); `Normal` is the default. */
export type Priority = 'Normal' | 'Urgent';

/**
 * A message's status (spec 3.1): `scheduled` waits for its `sendAt`, `queued` awaits dispatch,
 * `dispatched` was handed to the carrier, `delivered` and `undelivered` are the carrier's receipts,
 * `failed` an internal dispatch error; `canceled` and `expired` are final and never sent.
 */
export type MessageStatus = 'scheduled' | 'queued' | 'dispatched' | 'delivered' | 'undelivered' | 'failed' | 'canceled' | 'expired';

/** Whether a message's reply options were answered (spec 3.2): `None` when it offers none. */
export type ReplyStatus = 'None' | 'Awaiting' | 'Answered' | 'Expired';

/** The outcome of one channel attempt. */
export type ChannelAttemptStatus = 'dispatched' | 'delivered' | 'undelivered' | 'failed';

/** `gsm7` for GSM-7 text, `ucs2` for text with other characters (spec 2.2). */
export type Encoding = 'gsm7' | 'ucs2';

/**
 * One placeholder value of a template.
 * @maxLength 10000
 */
export type TemplateParameterValue = string;

/** Submission fields (spec 2.1). A recipient and `body` (or `templateId`) are required. */
export interface SendMessageRequest {
  /** Defaults to the subaccount's routing policy, else Sms. */
  channelType?: ChannelType;
  /**
   * Recipient: E.164 for Sms and WhatsApp, an email address for Email.
   * @maxLength 320
   */
  destination?: string;
  /**
   * Alias of `destination`; both present and different is 400.
   * @maxLength 320
   */
  to?: string;
  /**
   * Account route only: send through this subaccount.
   * @maxLength 64
   */
  subaccountId?: string;
  /**
   * Message text; required unless `templateId` is given. At most 1600 characters for Sms, 4096 for WhatsApp, 100000 for Email (whose subject is the first line).
   * @maxLength 200000
   */
  body?: string;
  /** `Transactional` (default) or `Marketing`. */
  messageType?: MessageType;
  /**
   * Label of the calling party, at most 256 characters; returned on the message.
   * @maxLength 256
   */
  actor?: string;
  /**
   * A template to send from (UUID) instead of `body`; its placeholders are filled from `templateParameters`. A template of
   * another channel than `channelType` is 422 `INVALID_OPERATION`. If it offers reply options, the message offers them.
   * @maxLength 64
   */
  templateId?: string;
  /** A value for every placeholder of the template (400 naming each missing or unknown one); only with `templateId`. */
  templateParameters?: { [name: string]: TemplateParameterValue };
  /**
   * The inbound message (its `inboundMessageId`, a UUID) this message answers, for a WhatsApp reply that quotes the
   * customer's message: WhatsApp shows ours as a reply to it. It must be an inbound WhatsApp message of your account (of
   * the subaccount, on the subaccount route or with a key limited to one) from this message's recipient, and the message
   * must go on WhatsApp (`channelType` or its routing policy's fallback); only its WhatsApp attempt quotes. An id the
   * caller cannot reach is 404 `NOT_FOUND`; a malformed id, an inbound message of another channel or sender, or a
   * message with no WhatsApp attempt is 400 `VALIDATION_FAILED` naming this field. Nothing is stored on refusal.
   * @maxLength 64
   * @example "3f1c2a9e-7b4d-4e8a-9c61-2d5e8f0a1b23"
   */
  inReplyToInboundMessageId?: string;
  /**
   * Your own reference; trimmed, blank means none, at most 128 characters.
   * @maxLength 128
   */
  clientReference?: string | null;
  /**
   * Your own request id (at most 128 characters), stored and returned, to correlate a request with the message id.
   * @maxLength 128
   */
  externalId?: string;
  /**
   * UTC ISO-8601 with Z, 60 s to 30 days ahead.
   * @maxLength 64
   */
  sendAt?: string;
  /**
   * UTC ISO-8601 with Z, in the future and after sendAt.
   * @maxLength 64
   */
  expiresAt?: string;
  priority?: Priority;
}

/** One channel attempt of a message. */
export interface ChannelAttemptResource {
  channelType: ChannelType;
  /** The number (or address) this attempt was sent from. */
  fromAddress: string | null;
  status: ChannelAttemptStatus;
  attemptedAt: string | null;
  completedAt: string | null;
  cost: number | null;
  failureReason: string | null;
}

/** One step of a message's lifecycle (its audit trail). */
export interface AuditEntryResource {
  at: string;
  /** What happened (`accepted`, `dispatched`, `delivered`, `fallback`...). */
  event: string;
  fromStatus: MessageStatus | null;
  toStatus: MessageStatus | null;
  detail: string | null;
}

/** The message (spec 2.2). */
export interface MessageResource {
  messageId: string;
  accountId: string;
  subaccountId: string | null;
  channelType: ChannelType;
  destination: string;
  body: string | null;
  status: MessageStatus;
  segmentCount: number;
  encoding: Encoding;
  estimatedCost: number;
  clientReference: string | null;
  externalId: string | null;
  messageType: MessageType;
  priority: Priority;
  actor: string | null;
  sendAt: string | null;
  expiresAt: string | null;
  replyStatus: ReplyStatus;
  /** The template it was sent from. */
  templateId: string | null;
  /** The options it offers: a copy taken when it was sent (later template edits change nothing here). */
  replyOptions: ReplyOption[];
  /** The inbound message it answers (`inReplyToInboundMessageId` as sent), null when none. */
  inReplyToInboundMessageId: string | null;
  replyOptionKey: string | null;
  replyOptionValue: string | null;
  answeredAt: string | null;
  channelHistory: ChannelAttemptResource[];
  auditTrail: AuditEntryResource[];
  createdAt: string;
  updatedAt: string;
}

/** A body to preview. */
export interface SegmentPreviewRequest {
  /** @maxLength 200000 */
  body: string;
}

/** The segments and encoding a body would be sent with. */
export interface SegmentPreview {
  segmentCount: number;
  encoding: Encoding;
  characterCount: number;
  charactersPerSegment: number;
}
