import type { Clock } from '@mp/clock';
import { messagingEvents } from '@mp/contracts';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { recordDispatches, recordSentMessages } from './sent-messages.repository';

export interface RecordDispatchedMessageDeps {
  clock: Clock;
  logger: Logger;
}

const validDate = (text: string | undefined) => {
  const at = text ? new Date(text) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
};

/**
 * Records, once, a message and the channel attempt that reached its carrier
 * (a MessageDispatched payload): what replies link to (spec 4.3). `publishedAt`
 * (the envelope's time) stands in should the payload carry no time.
 */
export async function recordDispatchedMessage(
  trx: Knex.Transaction,
  deps: RecordDispatchedMessageDeps,
  payload: unknown,
  publishedAt: string,
): Promise<void> {
  await recordDispatchedMessages(trx, deps, [{ payload, publishedAt }]);
}

/** The same for a batch of MessageDispatched events, with one insert per table. */
export async function recordDispatchedMessages(
  trx: Knex.Transaction,
  deps: RecordDispatchedMessageDeps,
  events: Array<{ payload: unknown; publishedAt: string }>,
): Promise<void> {
  const now = deps.clock.now();
  const records = events.flatMap(({ payload, publishedAt }) => {
    const record = recordOf(deps, payload, publishedAt, now);
    return record ? [record] : [];
  });
  await recordSentMessages(trx, records.map((r) => r.sent));
  await recordDispatches(trx, records.map((r) => r.dispatch));
}

function recordOf(deps: RecordDispatchedMessageDeps, payload: unknown, publishedAt: string, now: Date) {
  const event = messagingEvents.MessageLifecycleEvent.fromJSON(payload);
  if (!event.messageId || !event.accountId || !event.destination || !event.fromAddress) {
    // Retrying cannot complete it; such a message just cannot be answered.
    deps.logger.warn('MessageDispatched without what a reply links on', {
      messageId: event.messageId,
      destination: Boolean(event.destination),
      fromAddress: Boolean(event.fromAddress),
    });
    return undefined;
  }
  const dispatchedAt = validDate(event.occurredAt) ?? validDate(publishedAt) ?? now;
  return {
    sent: {
      message_id: event.messageId,
      account_id: event.accountId,
      subaccount_id: event.subaccountId || null,
      destination: event.destination,
      client_reference: event.clientReference ?? null,
      expires_at: validDate(event.expiresAt) ?? null,
      reply_options: event.replyOptions.map((o) => ({ key: o.key, value: o.value, aliases: [...o.aliases] })),
      recorded_at: now,
    },
    dispatch: {
      message_id: event.messageId,
      attempt: event.attempt || 1,
      channel_type: event.channelType,
      from_address: event.fromAddress,
      carrier_message_id: event.carrierMessageId || null,
      dispatched_at: dispatchedAt,
    },
  };
}
