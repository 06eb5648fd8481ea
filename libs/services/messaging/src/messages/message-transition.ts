import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { lifecycleEvent, type DispatchFacts, type LifecycleEventType } from './lifecycle-event';
import { insertAudit, updateIfInState, type TransitionGuard } from './message.repository';
import type { MessageRow, MessageStatus } from './message.types';

export interface Transition {
  guard: TransitionGuard;
  to: MessageStatus;
  changes?: Partial<MessageRow>;
  audit: { event: string; detail?: string };
  /** Omitted for bookkeeping moves that customers are not told about (a retry). */
  event?: { type: LifecycleEventType; reason: string; dispatch?: DispatchFacts };
}

/**
 * One state change, all or nothing inside the caller's transaction: the
 * conditional update, its audit entry and its event. Returns undefined (and
 * writes nothing) when the message was no longer in the expected state.
 */
export async function applyTransition(
  trx: Knex.Transaction,
  outbox: OutboxWriter,
  now: Date,
  transition: Transition,
): Promise<MessageRow | undefined> {
  const { guard, to, audit, event } = transition;
  const row = await updateIfInState(trx, guard, { ...transition.changes, status: to, updated_at: now });
  if (!row) return undefined;
  await insertAudit(trx, {
    message_id: row.id,
    at: now,
    event: audit.event,
    from_status: guard.from,
    to_status: to,
    detail: audit.detail ?? null,
  });
  if (event) await outbox.enqueue(trx, lifecycleEvent(event.type, row, guard.from, event.reason, { now, dispatch: event.dispatch }));
  return row;
}
