import { CommandStatus } from '@mp/smpp';

/**
 * What a submit_sm_resp status means for the message (CARRIERS.md §1.2):
 * `throttled` slows the connection and retries the part; `transient` keeps the
 * message queued for dispatch to retry; `rejected` is the SMSC refusing this
 * message for good; `invalid` is the SMSC unable to read our PDU (a platform
 * bug a retry would repeat).
 */
export type SubmitVerdict = 'accepted' | 'throttled' | 'transient' | 'rejected' | 'invalid';

const S = CommandStatus;

const THROTTLED: ReadonlySet<number> = new Set([S.ESME_RTHROTTLED, S.ESME_RMSGQFUL]);

/** Refusals of this message: its addresses, or the SMSC's own decision (no route, credit, content). */
const REJECTED: ReadonlySet<number> = new Set([
  S.ESME_RINVDSTADR, S.ESME_RINVSRCADR, S.ESME_RINVDSTTON, S.ESME_RINVDSTNPI, S.ESME_RINVSRCTON, S.ESME_RINVSRCNPI,
  S.ESME_RSUBMITFAIL, S.ESME_RX_P_APPN, S.ESME_RX_R_APPN, S.ESME_RDELIVERYFAILURE,
]);

/** The SMSC cannot read the PDU we built: the same PDU would be refused again. */
const INVALID: ReadonlySet<number> = new Set([
  S.ESME_RINVMSGLEN, S.ESME_RINVCMDLEN, S.ESME_RINVCMDID, S.ESME_RINVPRTFLG, S.ESME_RINVREGDLVFLG, S.ESME_RINVESMCLASS,
  S.ESME_RINVSERTYP, S.ESME_RINVREPFLAG, S.ESME_RINVSCHED, S.ESME_RINVEXPIRY, S.ESME_RINVDFTMSGID, S.ESME_RINVOPTPARSTREAM,
  S.ESME_ROPTPARNOTALLWD, S.ESME_RINVPARLEN, S.ESME_RMISSINGOPTPARAM, S.ESME_RINVOPTPARAMVAL,
]);

/**
 * ESME_RSYSERR, ESME_RINVBNDSTS, ESME_RX_T_APPN, ESME_RUNKNOWNERR and every
 * status not named above (vendor codes 0x400-0x4FF included) are transient:
 * a status we cannot read must not fail a message the SMSC may not have
 * refused; dispatch's attempt limit bounds the retries.
 */
export function submitVerdict(commandStatus: number): SubmitVerdict {
  if (commandStatus === S.ESME_ROK) return 'accepted';
  if (THROTTLED.has(commandStatus)) return 'throttled';
  if (REJECTED.has(commandStatus)) return 'rejected';
  if (INVALID.has(commandStatus)) return 'invalid';
  return 'transient';
}
