import type { messagingV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { toMessage } from '../messages/message.mapper';
import { findMessage, listAudit, listChannelAttempts } from '../messages/message.repository';
import { IDEMPOTENCY_HEADER, type IdempotentSend } from './idempotency-key';
import { findLiveKey } from './idempotency.repository';

/**
 * The first message of a key still in its window, as it is now (the same
 * messageId; nothing is sent, counted or emitted again), or undefined when
 * the key is free. The same key with another request is 409 CONFLICT.
 */
export async function replayOf(db: Knex, send: IdempotentSend, now: Date): Promise<messagingV1.Message | undefined> {
  const claim = await findLiveKey(db, send, now);
  if (!claim) return undefined;
  if (claim.fingerprint !== send.fingerprint) {
    throw new DomainError(
      'CONFLICT',
      `The ${IDEMPOTENCY_HEADER} was already used with another request in the last 24 hours; use a new key for a new message.`,
    );
  }
  const row = await findMessage(db, { id: claim.message_id, accountId: send.accountId });
  if (!row) throw new Error(`idempotency key of account ${send.accountId} names a missing message ${claim.message_id}`);
  return toMessage(row, await listChannelAttempts(db, row.id), await listAudit(db, row.id));
}
