export interface MailboxItem {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  /** The sender address (for the Email channel, the account's email sender). */
  from: string;
}

export interface Mailbox {
  /** Newest first. */
  items: MailboxItem[];
}

/** `failed`: refused at submission (permanent); `unavailable`: 503 at submission (transient, retried). */
export type CarrierOutcome = 'delivered' | 'undelivered' | 'failed' | 'no-receipt' | 'unavailable';

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

export interface CarrierBehavior {
  destination: string;
  outcome: string;
  afterSeconds: number;
}

export interface ClockReading {
  now: string;
}

export interface AdvanceClockRequest {
  /**
   * @minimum 0
   * @maximum 31536000
   */
  seconds: number;
}
