import type { Channel } from '../rules';

/** What the carrier API takes (service-contracts "Carrier API"). */
export interface CarrierSubmission {
  /** `<messageId>:<attempt>`: the carrier answers a repeat with the same id and does not send twice. */
  reference: string;
  accountId: string;
  channel: Channel;
  from: string;
  to: string;
  body: string;
  /** The carrier's id of the inbound message this one answers (WhatsApp quotes it: `context.message_id`). */
  quotes?: string;
  /** A provider template to send instead of free text (WhatsApp outside the 24-hour window), its body parameters in order. */
  template?: { name: string; language: string; bodyParameters: string[] };
}

/** The answers dispatch acts on differently. */
export type CarrierOutcome = (
  | { kind: 'accepted'; carrierMessageId: string }
  /** 422: the carrier refuses this message for good. */
  | { kind: 'rejected'; code: string; message: string }
  /** 5xx, 401/403/408/429, anything unexpected, no answer or timeout: try again later. */
  | {
      kind: 'transient';
      reason: string;
      /** What failed underneath (a refused connection), for the log line. */
      error?: unknown;
      /**
       * The carrier limits the sending number itself (Meta's 130429 throughput, 131057 upgrade): its connection's
       * circuit opens at once, so the next messages go to another connection or wait out its pause.
       */
      throttled?: true;
    }
  /** Other 4xx: the carrier cannot read the platform's request; a retry would repeat it (an internal error). */
  | { kind: 'invalid'; reason: string }
) &
  ConnectionNote;

/** Which configured connection answered (carrier events name it), and those passed over first and why. */
export interface ConnectionNote {
  connection?: string;
  /** `<connection>: <why>` for each connection the submission went past, in order. */
  failovers?: readonly string[];
  /** The connection's adapter declared its receipts come by carrier id alone (CarrierAdapter.receiptsByCarrierId). */
  receiptsByCarrierId?: boolean;
}

export interface CarrierAdapter {
  /** The channels this adapter carries; every channel when absent. Dispatch claims only these. */
  readonly channels?: readonly Channel[];
  /**
   * True when this carrier's receipts name a message by the carrier's own id alone, never by our reference
   * (Meta's wamid, Twilio's SID): recording an accepted submission must then meet a receipt that overtook it
   * (carrier-id locks, early_carrier_receipts). Absent: receipts carry our reference (SMPP, the http carrier).
   */
  readonly receiptsByCarrierId?: boolean;
  submit(submission: CarrierSubmission): Promise<CarrierOutcome>;
  /**
   * False while this process cannot send the channel's messages at all (SMPP:
   * no session bound here, its binds leased to other replicas or the SMSC
   * down): dispatch then claims none, so they wait queued for a replica that
   * can, spending no attempt. Absent: always true.
   */
  canSend?(channel: Channel): boolean;
  /**
   * How many of the channel's submissions this carrier takes at once (SMPP: the windows of the sessions
   * bound here). Dispatch keeps that many in flight, never fewer than its own default: a carrier whose
   * answers take a round trip through a store-and-forward SMSC is otherwise held to a few per round trip.
   * Absent: dispatch's default.
   */
  inFlightCapacity?(channel: Channel): number;
  /** Frees connections at shutdown (SMTP's pool; SMPP unbinds once its window drained). */
  close?(): void | Promise<void>;
}
