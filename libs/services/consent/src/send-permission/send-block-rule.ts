import { canonicalAddress, type OptOut } from '../opt-outs/opt-out';

/** One channel attempt messaging is about to make. */
export interface SendAttempt {
  accountId: string;
  /** The subaccount sending; absent or null for account-level sending. */
  subaccountId?: string | null;
  channelType: string;
  recipient: string;
  /** The number (or sender address) the attempt goes from, when already chosen. */
  fromAddress?: string | null;
}

/**
 * Whether one opt-out of this recipient and channel stops the attempt (spec 4.7 rule 3):
 * - `subaccount`: that subaccount and account-level sending;
 * - `entireAccount`: the account and every subaccount;
 * - `accountLevelOnly`: sending without a subaccount;
 * - `stopReply`: sending from the number that received the STOP. When the
 *   sender is not chosen yet, it blocks where that number belongs (its
 *   subaccount, or account-level sending for an account number), which is
 *   where that number can be used.
 */
export function placementBlocks(optOut: OptOut, attempt: SendAttempt): boolean {
  const sendingSubaccount = attempt.subaccountId || null;
  switch (optOut.scope) {
    case 'entireAccount':
      return true;
    case 'accountLevelOnly':
      return sendingSubaccount === null;
    case 'subaccount':
      return sendingSubaccount === null || sendingSubaccount === optOut.subaccountId;
    case 'stopReply':
      if (attempt.fromAddress) {
        return optOut.receivingNumber !== null && canonicalAddress(attempt.fromAddress) === canonicalAddress(optOut.receivingNumber);
      }
      return sendingSubaccount === (optOut.subaccountId ?? null);
    default:
      // An unknown scope (a newer writer) blocks rather than letting a send through.
      return true;
  }
}

const sameRecipient = (optOut: OptOut, attempt: SendAttempt) =>
  optOut.accountId === attempt.accountId &&
  canonicalAddress(optOut.recipient) === canonicalAddress(attempt.recipient) &&
  optOut.channelType.toLowerCase() === attempt.channelType.toLowerCase();

/** The first opt-out that stops the attempt, if any. */
export function findBlockingOptOut(optOuts: readonly OptOut[], attempt: SendAttempt): OptOut | undefined {
  return optOuts.find((o) => sameRecipient(o, attempt) && placementBlocks(o, attempt));
}

/** Spec 4.7 rule 3 as a pure function over the account's opt-outs. */
export function isSendBlocked(optOuts: readonly OptOut[], attempt: SendAttempt): boolean {
  return findBlockingOptOut(optOuts, attempt) !== undefined;
}

/** What CheckSendPermission answers for a blocking opt-out. */
export function blockReason(optOut: OptOut): string {
  switch (optOut.scope) {
    case 'stopReply':
      return `recipient opted out by replying STOP to ${optOut.receivingNumber}`;
    case 'entireAccount':
      return 'recipient opted out of the entire account';
    case 'accountLevelOnly':
      return 'recipient opted out of account-level sending';
    default:
      return `recipient opted out of subaccount ${optOut.subaccountId}`;
  }
}
