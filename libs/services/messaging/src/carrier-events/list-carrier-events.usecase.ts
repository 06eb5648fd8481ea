import type { messagingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { isUuid } from '../messages/ids';
import { findMessage } from '../messages/message.repository';
import type { CarrierEventRow } from './carrier-event.types';
import { listCarrierEvents as listRows } from './carrier-events.repository';

const toCarrierEvent = (row: CarrierEventRow): messagingV1.CarrierEvent => ({
  eventId: String(row.id),
  type: row.type,
  attemptNumber: row.attempt_number,
  channelType: row.channel_type,
  carrier: row.carrier ?? undefined,
  carrierMessageId: row.carrier_message_id ?? undefined,
  rawStatus: row.raw_status,
  errorCode: row.error_code ?? undefined,
  reason: row.reason ?? undefined,
  detail: row.detail ?? undefined,
  occurredAt: new Date(row.occurred_at).toISOString(),
  recordedAt: new Date(row.recorded_at).toISOString(),
});

/** GET /v1/messages/{id}/carrier-events: in the order they were recorded. Another account's message: 404. */
export async function listCarrierEvents(
  db: Knex,
  principal: Principal,
  request: messagingV1.ListCarrierEventsRequest,
): Promise<messagingV1.CarrierEventList> {
  const { subaccountId } = reachAccount(principal, { accountId: request.accountId, subaccountId: request.subaccountId, what: 'Message' });
  if (!isUuid(request.messageId)) throw DomainError.notFound('Message');
  const message = await findMessage(db, { id: request.messageId, accountId: request.accountId, subaccountId });
  if (!message) throw DomainError.notFound('Message');
  return { messageId: message.id, items: (await listRows(db, message.id)).map(toCarrierEvent) };
}
