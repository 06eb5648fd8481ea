import type { PduOf } from '@mp/smpp';
import type { SmppConnection } from '@mp/carrier-connections';

/** One submit_sm the SMSC accepted: what the receipt matcher needs to find its message. */
export interface SubmittedPart {
  /** The connection's `name` (its ids are unique only within one SMSC). */
  connection: string;
  /** submit_sm_resp's message_id as the SMSC sent it (normalising by idFormat is the ledger's: normaliseSmscMessageId). */
  smscMessageId: string;
  /** The CarrierSubmission's reference (`<messageId>:<attempt>`). */
  reference: string;
  /** 0-based position of this submit_sm among the message's (0 for a single or `payload` message). */
  partIndex: number;
  /** How many submit_sm carry the message: its segment count, or 1 with `longMessages: payload`. */
  partCount: number;
}

/** Where every part's SMSC id is kept so any bind, on any replica, can match a receipt to its message. */
export interface SmppPartLedger {
  /** Durable when it resolves: the adapter answers `accepted` only after it did. */
  recordParts(parts: readonly SubmittedPart[]): Promise<void>;
  /**
   * The first part's SMSC id when every part of this submission (connection,
   * reference) is already recorded: the SMSC took the message before, and its
   * dispatch was lost after (a process killed between the ledger and
   * `dispatched`). Undefined otherwise, also for a message cut short.
   */
  acceptedBefore(connection: string, reference: string): Promise<string | undefined>;
}

/**
 * Takes a deliver_sm (a receipt or an inbound message) and resolves with the
 * command_status of its deliver_sm_resp, once what it carries is stored
 * (ESME_ROK), or an error status (ESME_RX_T_APPN: the SMSC keeps it and
 * delivers it again).
 */
export type SmppDeliverHandler = (connection: SmppConnection, pdu: PduOf<'deliver_sm'>) => Promise<number>;
