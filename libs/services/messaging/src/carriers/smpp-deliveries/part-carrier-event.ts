import type { Knex } from 'knex';
import { recordCarrierEvent } from '../../carrier-events/carrier-events.repository';
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

/**
 * Each part's receipt as a carrier event of its message (type `receipt`): the
 * SMPP stat as rawStatus, its err as errorCode, which part in detail, and no
 * reason (the message's outcome comes as its own receipt, with the reason).
 * Once per (part's SMSC id, stat); nothing for a message this service does not have.
 */
export async function recordPartCarrierEvent(trx: Knex.Transaction, receipt: PartReceipt, now: Date): Promise<void> {
  const reference = REFERENCE.exec(receipt.reference);
  if (!reference || !isUuid(reference[1])) return;
  const message = (await trx('messages').where({ id: reference[1] }).first('id', 'channel_type')) as { id: string; channel_type: string } | undefined;
  if (!message) return;
  await recordCarrierEvent(trx, {
    message_id: message.id,
    attempt_number: Number(reference[2]),
    channel_type: message.channel_type as never,
    type: 'receipt',
    carrier: receipt.connection,
    carrier_message_id: receipt.smscMessageId,
    raw_status: receipt.stat,
    error_code: receipt.err,
    reason: null,
    detail: `SMPP receipt for part ${receipt.partIndex + 1} of ${receipt.partCount}: stat ${receipt.stat}${receipt.err ? `, err ${receipt.err}` : ''}`,
    provider_event_id: `smpp:${receipt.connection}:${receipt.smscMessageId}:${receipt.stat}`,
    occurred_at: receipt.receivedAt,
    recorded_at: now,
  });
}
