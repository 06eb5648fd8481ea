import type { Knex } from 'knex';
import type { AttemptRecord, AttemptTrigger, DeliveryStatus, WebhookDeliveryRow } from './webhook-delivery';

export const WEBHOOK_DELIVERIES = 'webhook_deliveries';

/** A new delivery, due at once; an event already delivered to the endpoint is left as it is (never doubled). */
export interface NewDelivery {
  id: string;
  endpoint_id: string;
  account_id: string;
  event_id: string | null;
  event_type: string;
  message_id: string | null;
  payload: string;
  next_attempt_at: Date | null;
  created_at: Date;
}

export async function insertDeliveries(trx: Knex | Knex.Transaction, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await trx(WEBHOOK_DELIVERIES)
    .insert(rows.map((row) => ({ ...row, status: 'Pending' })))
    .onConflict(['endpoint_id', 'event_id'])
    .ignore();
}

/** A claimed delivery with what an attempt needs from its endpoint. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  payload: string;
  automatic_attempts: number;
  url: string;
  signing_secret: string;
  kind: 'message' | 'billing';
}

/**
 * Takes up to `limit` deliveries due by `now` (the platform clock), at most
 * `perEndpoint` of each active endpoint and none of the `saturated` ones, so
 * one slow endpoint cannot fill a claim. Each is leased until `leaseUntil`
 * (wall clock): another dispatcher skips it (SKIP LOCKED, then the lease),
 * and a crash frees it when the lease ends.
 */
export async function claimDueDeliveries(
  db: Knex,
  input: { now: Date; wallNow: Date; leaseUntil: Date; limit: number; perEndpoint: number; saturated: string[] },
): Promise<ClaimedDelivery[]> {
  const excluded = input.saturated.length > 0 ? `and e.id not in (${input.saturated.map(() => '?').join(', ')})` : '';
  const result = await db.raw(
    `
    with candidates as (
      select d.id from webhook_endpoints e
      cross join lateral (
        select d.id from webhook_deliveries d
        where d.endpoint_id = e.id and d.status = 'Pending' and d.next_attempt_at <= ?
          and (d.lease_until is null or d.lease_until < ?)
        order by d.next_attempt_at, d.id
        limit ?
        for update of d skip locked
      ) d
      where e.active ${excluded}
      limit ?
    )
    update webhook_deliveries d set lease_until = ?
    from candidates c, webhook_endpoints e
    where d.id = c.id and e.id = d.endpoint_id
    returning d.id, d.endpoint_id, d.payload, d.automatic_attempts, e.url, e.signing_secret, e.kind`,
    [input.now, input.wallNow, input.perEndpoint, ...input.saturated, input.limit, input.leaseUntil],
  );
  return result.rows as ClaimedDelivery[];
}

/** What one attempt changes on its delivery. */
export interface AttemptOutcome {
  deliveryId: string;
  endpointId: string;
  trigger: AttemptTrigger;
  attempt: Omit<AttemptRecord, 'number' | 'trigger'>;
  /** The delivery's status after it. */
  status: DeliveryStatus;
  /** Whether it was an automatic attempt (first or retry), which count toward the 5. */
  automatic: boolean;
  nextAttemptAt: Date | null;
}

/**
 * Records attempts in one statement (the dispatcher batches them): each is
 * appended to its delivery's log, numbered after the ones before it, and the
 * lease is released. A delivery already Succeeded stays so (a late failure of
 * a replay race cannot undo it).
 */
export async function recordAttempts(trx: Knex | Knex.Transaction, outcomes: AttemptOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const values = outcomes.map(() => '(?::uuid, ?, ?, ?, ?::int, ?, ?::int, ?::boolean, ?::int, ?::timestamptz)').join(', ');
  const bindings = outcomes.flatMap((o) => [
    o.deliveryId,
    o.status,
    o.trigger,
    o.attempt.attemptedAt,
    o.attempt.statusCode,
    o.attempt.error,
    o.attempt.durationMs,
    o.attempt.succeeded,
    o.automatic ? 1 : 0,
    o.nextAttemptAt,
  ]);
  await trx.raw(
    `
    update webhook_deliveries d set
      attempts = d.attempts || jsonb_build_array(jsonb_build_object(
        'number', jsonb_array_length(d.attempts) + 1, 'trigger', v.trigger, 'attemptedAt', v.attempted_at,
        'statusCode', v.status_code, 'error', v.error, 'durationMs', v.duration_ms, 'succeeded', v.succeeded)),
      status = case when d.status = 'Succeeded' then d.status else v.status end,
      next_attempt_at = case when d.status = 'Succeeded' or v.status <> 'Pending' then null
                             when v.automatic = 1 then v.next_attempt_at else d.next_attempt_at end,
      automatic_attempts = d.automatic_attempts + v.automatic,
      lease_until = case when v.automatic = 1 then null else d.lease_until end
    from (values ${values}) as v(id, status, trigger, attempted_at, status_code, error, duration_ms, succeeded, automatic, next_attempt_at)
    where d.id = v.id`,
    bindings,
  );
}

/** Frees leases of deliveries whose attempt was cut off (the service stopped): they are tried again at once. */
export async function releaseLeases(db: Knex, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db(WEBHOOK_DELIVERIES).whereIn('id', ids).update({ lease_until: null });
}

export async function findDelivery(db: Knex, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db<WebhookDeliveryRow>(WEBHOOK_DELIVERIES).where({ id }).first();
}

/** An endpoint's deliveries, newest first, after the cursor position. */
export async function listDeliveries(
  db: Knex,
  endpointId: string,
  page: { limit: number; after?: { createdAt: string; id: string } },
): Promise<WebhookDeliveryRow[]> {
  const q = db<WebhookDeliveryRow>(WEBHOOK_DELIVERIES).where({ endpoint_id: endpointId });
  if (page.after) {
    const { createdAt, id } = page.after;
    q.andWhere((w) => w.where('created_at', '<', createdAt).orWhere((x) => x.where('created_at', '=', createdAt).andWhere('id', '<', id)));
  }
  return q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit);
}
