import type { Knex } from 'knex';
import type { NewCarrierEvent } from '../../carrier-events/carrier-event.types';
import { recordCarrierEvents } from '../../carrier-events/carrier-events.repository';
import { isUuid } from '../../messages/ids';

export interface PartReceipt {
  connection: string;
  smscMessageId: string;
  reference: string;
  partIndex: number;
  partCount: number;
  stat: string;
  err: string | null;
  receivedAt: Date;
}

// `<messageId>:<attempt>`: the message id may itself hold colons.
const REFERENCE = /^(.+):([1-9][0-9]{0,8})$/;

/** The message and attempt a reference names, or undefined when it cannot be one of this service's. */
function attemptOf(reference: string): { messageId: string; attempt: number } | undefined {
  const found = REFERENCE.exec(reference);
  if (!found || !isUuid(found[1])) return undefined;
  return { messageId: found[1], attempt: Number(found[2]) };
}

/**
 * Each part's receipt as a carrier event of its message (type `receipt`): the
 * SMPP stat as rawStatus, its err as errorCode, which part in detail, and no
 * reason (the message's outcome comes as its own receipt, with the reason).
 * Once per (part's SMSC id, stat); nothing for a message this service does not
 * have. Two statements whatever the number of receipts: the messages read
 * once, the events inserted in one statement, in the receipts' order.
 */
export async function recordPartCarrierEvents(trx: Knex.Transaction, receipts: readonly PartReceipt[], now: Date): Promise<void> {
  const ids = [...new Set(receipts.map((r) => attemptOf(r.reference)?.messageId).filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return;
  const messages = (await trx('messages').whereIn('id', ids).select('id', 'channel_type')) as Array<{ id: string; channel_type: string }>;
  const channelOf = new Map(messages.map((m) => [m.id, m.channel_type]));
  const events: NewCarrierEvent[] = [];
  const seen = new Set<string>();
  for (const receipt of receipts) {
    const attempt = attemptOf(receipt.reference);
    const channel = attempt && channelOf.get(attempt.messageId);
    if (!attempt || !channel) continue;
    const providerEventId = `smpp:${receipt.connection}:${receipt.smscMessageId}:${receipt.stat}`;
    // The same event twice in one insert is one row (the conflict rule covers stored rows, this the insert's own).
    if (seen.has(`${attempt.messageId}\n${providerEventId}`)) continue;
    seen.add(`${attempt.messageId}\n${providerEventId}`);
    events.push({
      message_id: attempt.messageId,
      attempt_number: attempt.attempt,
      channel_type: channel as never,
      type: 'receipt',
      carrier: receipt.connection,
      carrier_message_id: receipt.smscMessageId,
      raw_status: receipt.stat,
      error_code: receipt.err,
      reason: null,
      detail: `SMPP receipt for part ${receipt.partIndex + 1} of ${receipt.partCount}: stat ${receipt.stat}${receipt.err ? `, err ${receipt.err}` : ''}`,
      provider_event_id: providerEventId,
      occurred_at: receipt.receivedAt,
      recorded_at: now,
    });
  }
  await recordCarrierEvents(trx, events);
}
