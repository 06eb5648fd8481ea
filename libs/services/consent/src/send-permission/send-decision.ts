import type { Knex } from 'knex';
import { latestEntryIds, type LatestEntryQuery } from '../ledger/consent-entries.repository';
import { canonicalAddress, CHANNELS, type OptOutInForce } from '../opt-outs/opt-out';
import { listOptOutsForRecipients } from '../opt-outs/opt-outs.repository';
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

/** Spec 4.7 rule 3 against the opt-outs in force, with the entry that decided it: decideSends of one. */
export async function decideSend(db: Knex, attempt: SendAttempt): Promise<SendDecision> {
  const [decision] = await decideSends(db, [attempt]);
  return decision;
}

/**
 * decideSend for many attempts (index-aligned), reading nothing in between:
 * one statement for the opt-outs of every attempt's recipient and channel,
 * then, for the attempts none blocks, one for their latest entries.
 */
export async function decideSends(db: Knex, attempts: readonly SendAttempt[]): Promise<SendDecision[]> {
  const optOuts = await listOptOutsForRecipients(db, attempts);
  const decisions: SendDecision[] = attempts.map((attempt, i) => {
    const blocking = findBlockingOptOut(optOuts[i], attempt) as OptOutInForce | undefined;
    const blockedBy = optOuts[i].filter((o) => placementBlocks(o, attempt));
    return blocking ? { blockedBy, blocking, decidedByEntryId: blocking.entryId } : { blockedBy };
  });
  const open = attempts.flatMap((attempt, i) => (decisions[i].blocking ? [] : [{ i, query: latestEntryQuery(attempt) }]));
  const latest = await latestEntryIds(
    db,
    open.map((o) => o.query),
  );
  open.forEach(({ i }, n) => {
    if (latest[n] !== undefined) decisions[i].decidedByEntryId = latest[n];
  });
  return decisions;
}

/** Which entries decide an attempt no opt-out blocks. */
function latestEntryQuery(attempt: SendAttempt): LatestEntryQuery {
  return {
    accountId: attempt.accountId,
    recipient: canonicalAddress(attempt.recipient),
    // Opt-outs match the channel without case (a newer caller's spelling); entries are stored as named.
    channelType: CHANNELS.find((c) => c.toLowerCase() === attempt.channelType.toLowerCase()) ?? attempt.channelType,
    sendingSubaccountId: attempt.subaccountId || null,
  };
}
