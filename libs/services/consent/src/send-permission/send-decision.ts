import type { Knex } from 'knex';
import { latestEntry } from '../ledger/consent-entries.repository';
import { canonicalAddress, CHANNELS, type OptOutInForce } from '../opt-outs/opt-out';
import { listOptOutsForRecipient } from '../opt-outs/opt-outs.repository';
import { findBlockingOptOut, placementBlocks, type SendAttempt } from './send-block-rule';

export interface SendDecision {
  /** Every opt-out that stops the attempt (oldest first). */
  blockedBy: OptOutInForce[];
  /** The one named as the reason: the first of blockedBy. */
  blocking?: OptOutInForce;
  /**
   * The ledger entry that decided: the blocking opt-out's, else the
   * recipient's latest entry on the channel that the sending base sees;
   * absent when the recipient has none.
   */
  decidedByEntryId?: string;
}

/** Spec 4.7 rule 3 against the opt-outs in force, with the entry that decided it. */
export async function decideSend(db: Knex, attempt: SendAttempt): Promise<SendDecision> {
  const optOuts = await listOptOutsForRecipient(db, attempt.accountId, attempt.recipient, attempt.channelType);
  const blocking = findBlockingOptOut(optOuts, attempt) as OptOutInForce | undefined;
  const blockedBy = optOuts.filter((o) => placementBlocks(o, attempt));
  if (blocking) return { blockedBy, blocking, decidedByEntryId: blocking.entryId };
  const latest = await latestEntry(db, {
    accountId: attempt.accountId,
    recipient: canonicalAddress(attempt.recipient),
    // Opt-outs match the channel without case (a newer caller's spelling); entries are stored as named.
    channelType: CHANNELS.find((c) => c.toLowerCase() === attempt.channelType.toLowerCase()) ?? attempt.channelType,
    sendingSubaccountId: attempt.subaccountId || null,
  });
  return { blockedBy, decidedByEntryId: latest?.entry_id };
}
