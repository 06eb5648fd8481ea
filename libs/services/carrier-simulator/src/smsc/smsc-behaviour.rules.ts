import { CommandStatus, type Concatenation } from '@mp/smpp';
import type { CarrierOutcome } from '../behaviors/carrier-behavior.rules';

/** What the sandbox SMSC does with one submit_sm. */
export type SmscPlay =
  | {
      kind: 'accept';
      /** The receipt the part gets (when its registered_delivery asks for one), or none. */
      receipt: 'delivered' | 'undelivered' | 'none';
      /** receipt-before-response: the receipt goes out before submit_sm_resp. */
      receiptFirst: boolean;
    }
  | { kind: 'refuse'; commandStatus: number }
  /** drop-connection: the SMSC closes the bind without answering. */
  | { kind: 'drop' };

/** `throttled` answers ESME_RTHROTTLED this many times to a part before taking it. */
export const THROTTLED_REFUSALS = 2;
/** `failed`: the SMSC refuses the destination (a refusal the platform never retries). */
export const FAILED_STATUS = CommandStatus.ESME_RINVDSTADR;
/**
 * `unavailable`: a system error (transient) for as long as the behaviour is set,
 * as the HTTP carrier's 503: the platform retries until it changes, or dead-letters.
 */
export const UNAVAILABLE_STATUS = CommandStatus.ESME_RSYSERR;

const delivered = { kind: 'accept', receipt: 'delivered', receiptFirst: false } as const;

/**
 * The behaviour of a destination as an SMSC plays it, for a part submitted
 * `earlierTries` times before (the same bytes from the same bind: SMPP has no
 * idempotency key, so a resubmission is recognised by its content).
 */
export function smscPlayOf(outcome: CarrierOutcome, part: { concatenation: Concatenation | undefined }, earlierTries: number): SmscPlay {
  switch (outcome) {
    case 'delivered':
      return delivered;
    case 'undelivered':
      return { kind: 'accept', receipt: 'undelivered', receiptFirst: false };
    case 'no-receipt':
      return { kind: 'accept', receipt: 'none', receiptFirst: false };
    case 'failed':
      return { kind: 'refuse', commandStatus: FAILED_STATUS };
    case 'unavailable':
      return { kind: 'refuse', commandStatus: UNAVAILABLE_STATUS };
    case 'throttled':
      return earlierTries < THROTTLED_REFUSALS ? { kind: 'refuse', commandStatus: CommandStatus.ESME_RTHROTTLED } : delivered;
    case 'drop-connection':
      return earlierTries < 1 ? { kind: 'drop' } : delivered;
    case 'receipt-before-response':
      return { kind: 'accept', receipt: 'delivered', receiptFirst: true };
    case 'receipt-last-part-only': {
      const c = part.concatenation;
      return { kind: 'accept', receipt: !c || c.seq === c.total ? 'delivered' : 'none', receiptFirst: false };
    }
  }
}

/**
 * How many times each part was submitted (for the behaviours that refuse
 * first, then accept): bounded, the oldest forgotten first.
 */
export class ResubmissionMemory {
  private readonly tries = new Map<string, number>();

  constructor(private readonly capacity = 10_000) {}

  /** Tries before this one, and counts this one. */
  count(key: string): number {
    const before = this.tries.get(key) ?? 0;
    this.tries.delete(key);
    this.tries.set(key, before + 1);
    if (this.tries.size > this.capacity) this.tries.delete(this.tries.keys().next().value!);
    return before;
  }
}
