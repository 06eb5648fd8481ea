import { messageOutcome, nextPartStat } from './message-outcome.rules';

/** A part as the ledger has it, locked for the pass. */
export interface LedgerPart {
  connection: string;
  smscMessageId: string;
  reference: string;
  partIndex: number;
  partCount: number;
  stat: string | null;
  err: string | null;
  networkError: string | null;
}

/** A pending receipt of the pass, matched to its part by (connection, smscMessageId). */
export interface PassReceipt {
  /** smpp_deliveries.id: the order receipts are applied in. */
  id: string;
  connection: string;
  smscMessageId: string;
  stat: string;
  err: string | null;
  networkError: string | null;
  receivedAt: Date;
}

/** A message's outcome as the receipt that decided it found it. */
export interface DecidedOutcome {
  reference: string;
  connection: string;
  status: 'delivered' | 'undelivered';
  errorCode: string | null;
  /** The first part's SMSC id. */
  carrierMessageId: string;
  occurredAt: Date;
}

const keyOf = (connection: string, smscMessageId: string) => `${connection}\n${smscMessageId}`;

/**
 * A pass's receipts applied to their parts one by one in id order, as one
 * transaction per receipt did: a part's stat follows nextPartStat (its err
 * and network error those of the receipt that changed it), and after each
 * receipt its message's outcome is taken if decided; a message's first
 * decided outcome in the pass is its outcome (a later one would have met the
 * stored row and been ignored). Answers the parts that changed, with their
 * final state, and the outcomes in the order they were decided.
 */
export function applyReceiptsInOrder(parts: readonly LedgerPart[], receipts: readonly PassReceipt[]): { changedParts: LedgerPart[]; outcomes: DecidedOutcome[] } {
  const byKey = new Map(parts.map((p) => [keyOf(p.connection, p.smscMessageId), { ...p }]));
  const byMessage = new Map<string, LedgerPart[]>();
  for (const part of byKey.values()) {
    const message = keyOf(part.connection, part.reference);
    byMessage.set(message, [...(byMessage.get(message) ?? []), part]);
  }
  const changed = new Set<LedgerPart>();
  const outcomes = new Map<string, DecidedOutcome>();
  const inOrder = [...receipts].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
  for (const receipt of inOrder) {
    const part = byKey.get(keyOf(receipt.connection, receipt.smscMessageId));
    if (!part) throw new Error(`receipt ${receipt.id} has no part in the pass`);
    const stat = nextPartStat(part.stat ?? undefined, receipt.stat);
    if (stat !== part.stat) {
      Object.assign(part, { stat, err: receipt.err, networkError: receipt.networkError });
      changed.add(part);
    }
    if (outcomes.has(part.reference)) continue;
    const siblings = byMessage.get(keyOf(part.connection, part.reference))!;
    const outcome = messageOutcome(siblings.map((p) => ({ partIndex: p.partIndex, partCount: p.partCount, stat: p.stat ?? undefined, networkError: p.networkError ?? undefined })));
    if (!outcome) continue;
    const first = siblings.reduce((a, b) => (a.partIndex <= b.partIndex ? a : b));
    outcomes.set(part.reference, {
      reference: part.reference,
      connection: part.connection,
      status: outcome.status,
      errorCode: outcome.status === 'undelivered' ? outcome.errorCode : null,
      carrierMessageId: first.smscMessageId,
      occurredAt: receipt.receivedAt,
    });
  }
  return { changedParts: [...changed], outcomes: [...outcomes.values()] };
}
