/** One email the sandbox mail server received. */
export interface MailboxItem {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  /** The sender address (for the Email channel, the account's email sender). */
  from: string;
}

/** Emails the platform sent to an address, newest first. */
export interface Mailbox {
  /** Newest first. */
  items: MailboxItem[];
}

/**
 * What the simulated carrier does with a message, as the sandbox SMSC (SMPP) and the HTTP carrier play it.
 * `delivered`: accepted, delivery receipt after `afterSeconds`. `undelivered`: accepted, an UNDELIV receipt.
 * `failed`: refused at submission, permanently (SMPP ESME_RINVDSTADR; HTTP 422). `no-receipt`: accepted, never
 * a receipt. `unavailable`: transient (SMPP ESME_RSYSERR once, then accepted; HTTP 503 while it is set).
 * SMPP field problems: `throttled` (ESME_RTHROTTLED twice for each part, then accepted; HTTP 503 while it is set),
 * `receipt-before-response` (the receipt is sent before submit_sm_resp; HTTP: as `delivered`),
 * `receipt-last-part-only` (of a long message only the last part gets a receipt; HTTP: as `delivered`),
 * `drop-connection` (the SMSC closes the bind without answering the first submit of each part, then accepts the
 * resubmission; HTTP 503 while it is set).
 */
export type CarrierOutcome =
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'no-receipt'
  | 'unavailable'
  | 'throttled'
  | 'receipt-before-response'
  | 'receipt-last-part-only'
  | 'drop-connection';

/** What the simulated carrier should do with messages to a destination. */
export interface CarrierBehaviorRequest {
  /** What the simulated carrier does with messages to this destination; default `delivered`. */
  outcome?: CarrierOutcome;
  /**
   * Seconds until the receipt arrives (default 1).
   * @isInt
   * @minimum 0
   * @maximum 86400
   */
  afterSeconds?: number;
}

/** What the simulated carrier does with messages to a destination. */
export interface CarrierBehavior {
  destination: string;
  outcome: string;
  afterSeconds: number;
}

/** The sandbox clock. */
export interface ClockReading {
  now: string;
}

/** How far to move the sandbox clock forward. */
export interface AdvanceClockRequest {
  /**
   * @minimum 0
   * @maximum 31536000
   */
  seconds: number;
}

/** A recipient's message into one of your numbers, through the simulated carrier. */
export interface SimulateInboundRequest {
  channelType: 'Sms' | 'WhatsApp' | 'Email';
  /**
   * The sender: E.164, or an email address for Email.
   * @maxLength 320
   */
  from: string;
  /**
   * One of your numbers (or your email sender address) that supports `channelType`.
   * @maxLength 320
   */
  to: string;
  /**
   * The text, 1 to 1600 characters.
   * @maxLength 1600
   */
  body: string;
  /**
   * WhatsApp only: the id of a message you sent to `from` that this reply quotes
   * (WhatsApp's `context`); the reply is linked to exactly that message.
   * @maxLength 64
   */
  quotedMessageId?: string;
}

/** What the simulated carrier will post, signed, to the carrier inbound callback. */
export interface SimulatedInbound {
  /** The carrier's event id. */
  eventId: string;
  /** The carrier's message id (repeats of it are stored once). */
  carrierMessageId: string;
  channelType: 'Sms' | 'WhatsApp' | 'Email';
  from: string;
  to: string;
  body: string;
  receivedAt: string;
  quotedMessageId: string | null;
}
