import type { PduOf } from '@mp/smpp';
import type { SmppConnection } from '../connections';

/** One part of a submitted message as the SMSC numbered it (issue 28 point 4). */
export interface SubmittedPart {
  /** The connection's name: SMSC ids are unique only within one SMSC. */
  connection: string;
  /** As the SMSC answered it in submit_sm_resp, not yet normalised. */
  smscMessageId: string;
  /** `<messageId>:<attempt>`, as in CarrierSubmission. */
  reference: string;
  /** 1-based. */
  partIndex: number;
  partCount: number;
}

/**
 * Where every part's SMSC id is kept so a receipt arriving on any bind of any
 * replica finds its message. The adapter records the parts before it answers
 * `accepted`, so a receipt that races the answer is matched when it is stored.
 */
export interface SmppPartLedger {
  recordParts(parts: readonly SubmittedPart[]): Promise<void>;
}

/**
 * Takes a deliver_sm (receipt or inbound message) from a bind and answers the
 * command_status of its deliver_sm_resp once it is stored: an SMSC resends a
 * deliver_sm it got no answer for, so nothing is acknowledged before it is kept.
 */
export type SmppDeliverHandler = (connection: SmppConnection, pdu: PduOf<'deliver_sm'>) => Promise<number>;
