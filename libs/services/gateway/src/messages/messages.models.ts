import type { ReplyOption } from '../templates/templates.models';

export type ChannelType = 'Sms' | 'WhatsApp' | 'Email';
export type MessageType = 'Transactional' | 'Marketing';
export type Priority = 'Normal' | 'Urgent';

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
   * @maxLength 512
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
   * Your own reference; trimmed, blank means none, at most 128 characters.
   * @maxLength 256
   */
  clientReference?: string | null;
  /**
   * Your own request id (at most 128 characters), stored and returned, to correlate a request with the message id.
   * @maxLength 256
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

export interface ChannelAttemptResource {
  channelType: string;
  /** The number (or address) this attempt was sent from. */
  fromAddress: string | null;
  status: string;
  attemptedAt: string | null;
  completedAt: string | null;
  cost: number | null;
  failureReason: string | null;
}

export interface AuditEntryResource {
  at: string;
  event: string;
  fromStatus: string | null;
  toStatus: string | null;
  detail: string | null;
}

/** The message (spec 2.2). */
export interface MessageResource {
  messageId: string;
  accountId: string;
  subaccountId: string | null;
  channelType: string;
  destination: string;
  body: string | null;
  /** scheduled, queued, dispatched, delivered, undelivered, failed, canceled, expired. */
  status: string;
  segmentCount: number;
  /** gsm7 or ucs2. */
  encoding: string;
  estimatedCost: number;
  clientReference: string | null;
  externalId: string | null;
  messageType: string;
  priority: string;
  actor: string | null;
  sendAt: string | null;
  expiresAt: string | null;
  /** `None` (no options offered), `Awaiting`, `Answered` or `Expired` (spec 3.2). */
  replyStatus: 'None' | 'Awaiting' | 'Answered' | 'Expired';
  /** The template it was sent from. */
  templateId: string | null;
  /** The options it offers: a copy taken when it was sent (later template edits change nothing here). */
  replyOptions: ReplyOption[];
  replyOptionKey: string | null;
  replyOptionValue: string | null;
  answeredAt: string | null;
  channelHistory: ChannelAttemptResource[];
  auditTrail: AuditEntryResource[];
  createdAt: string;
  updatedAt: string;
}

export interface SegmentPreviewRequest {
  /** @maxLength 200000 */
  body: string;
}

export interface SegmentPreview {
  segmentCount: number;
  encoding: string;
  characterCount: number;
  charactersPerSegment: number;
}
