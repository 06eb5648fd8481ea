import type { Clock } from '@mp/clock';
import { repliesEvents } from '@mp/contracts';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { isUuid } from '../messages/ids';
import { insertAudit } from '../messages/message.repository';
import type { StoredReplyOption } from '../templates/template.types';
import { findMessageForAnswer, writeAnswer } from './reply-status.repository';

export interface RecordAnswerDeps {
  clock: Clock;
  logger: Logger;
}

type MessageReceived = repliesEvents.MessageReceived;

/** The option a matched reply names (its key; an alias is accepted too), from the message's own copy. */
function optionNamed(options: StoredReplyOption[], word: string): StoredReplyOption | undefined {
  const upper = word.trim().toUpperCase();
  return options.find((o) => o.key === upper) ?? options.find((o) => o.aliases.includes(upper));
}

/**
 * A reply that chose an option answers the message it is linked to (spec
 * 3.2): replyStatus Answered with the option's key and value and answeredAt
 * = the reply's receivedAt, and an audit entry. A later matching reply
 * replaces the answer; an older one arriving late, a repeat of the same
 * reply, a reply after the deadline (afterExpiry) or one naming a message
 * outside its account or without options changes nothing. A reply received
 * before the deadline answers even if the expiry job already marked the
 * message Expired.
 */
export async function recordAnswer(trx: Knex.Transaction, deps: RecordAnswerDeps, payload: unknown): Promise<'answered' | 'ignored'> {
  const reply: MessageReceived = repliesEvents.MessageReceived.fromJSON(payload);
  const messageId = reply.inReplyTo?.messageId;
  const key = reply.reply?.key;
  if (!messageId || !reply.reply?.matched || !key || reply.afterExpiry) return 'ignored';
  const ignored = (why: string) => {
    deps.logger.debug('reply answer ignored', { inboundMessageId: reply.inboundMessageId, messageId, why });
    return 'ignored' as const;
  };
  const receivedAt = new Date(reply.receivedAt);
  if (!isUuid(messageId) || Number.isNaN(receivedAt.getTime())) return ignored('unusable message id or receivedAt');

  const message = await findMessageForAnswer(trx, { id: messageId, accountId: reply.accountId });
  if (!message) return ignored('no such message in the account');
  const option = optionNamed(message.reply_options ?? [], key);
  if (!option) return ignored('the message offers no such option');
  const previous = message.answered_at ? new Date(message.answered_at) : undefined;
  if (previous && receivedAt.getTime() < previous.getTime()) return ignored('an answer received later is already recorded');
  if (previous && receivedAt.getTime() === previous.getTime() && message.reply_option_key === option.key) return ignored('already recorded');

  const now = deps.clock.now();
  await writeAnswer(trx, message.id, { key: option.key, value: option.value, answeredAt: receivedAt, now });
  const replaced = message.reply_status === 'Answered' && message.reply_option_key ? `; replaces the earlier answer ${message.reply_option_key}` : '';
  const late = message.reply_status === 'Expired' ? '; received before expiresAt' : '';
  await insertAudit(trx, {
    message_id: message.id,
    at: now,
    event: 'answered',
    from_status: null,
    to_status: null,
    detail: `option ${option.key} (${option.value}) chosen by reply ${reply.inboundMessageId} received ${receivedAt.toISOString()}${replaced}${late}`,
  });
  return 'answered';
}
