import type { Migration } from '@mp/db';

/**
 * Deliveries (spec 6): one row per event and endpoint, created in the
 * transaction that consumes the event, so an event is neither lost nor
 * delivered twice across restarts. Attempts are kept on the row (the
 * delivery log reads one row per delivery). The endpoint table gains the
 * signing secret in the clear (it must be readable to sign, as at Stripe and
 * Svix; the service's own schema is its only reader) and a kind: the billing
 * webhook subscription (4.6) is an endpoint of kind `billing`, one per account,
 * delivered by the same machinery.
 */
export const createWebhookDeliveries: Migration = {
  name: '20261101000000_create_webhook_deliveries',
  async up(knex) {
    await knex.raw(`
      alter table webhook_endpoints rename column signing_secret_encrypted to signing_secret
    `);
    await knex.raw(`
      alter table webhook_endpoints
        add column kind text not null default 'message' constraint webhook_endpoints_kind_check check (kind in ('message', 'billing'))
    `);
    await knex.raw(`
      create unique index webhook_endpoints_billing_unique on webhook_endpoints (account_id) where kind = 'billing'
    `);
    await knex.raw(`
      create table webhook_deliveries (
        -- Also the X-Webhook-Id header: stable across retries and replays.
        id uuid primary key,
        endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
        account_id uuid not null,
        -- The consumed event's id; null for a test event.
        event_id text,
        event_type text not null,
        message_id uuid,
        -- The exact JSON body every attempt sends.
        payload text not null,
        status text not null constraint webhook_deliveries_status_check check (status in ('Pending', 'Succeeded', 'Failed')),
        -- [{ number, trigger, attemptedAt, statusCode, error, durationMs, succeeded }]
        attempts jsonb not null default '[]'::jsonb,
        -- Automatic attempts made (first and retries; 5 at most).
        automatic_attempts integer not null default 0,
        -- Sandbox-clock time of the next automatic attempt; null unless Pending.
        next_attempt_at timestamptz,
        -- Wall-clock time until which a dispatcher holds it (a crash frees it).
        lease_until timestamptz,
        created_at timestamptz not null,
        constraint webhook_deliveries_event_unique unique (endpoint_id, event_id)
      )
    `);
    await knex.raw(`
      create index webhook_deliveries_due_idx on webhook_deliveries (endpoint_id, next_attempt_at) where status = 'Pending'
    `);
    await knex.raw(`
      create index webhook_deliveries_log_idx on webhook_deliveries (endpoint_id, created_at desc, id desc)
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop table webhook_deliveries
    `);
    await knex.raw(`
      drop index webhook_endpoints_billing_unique
    `);
    await knex.raw(`
      alter table webhook_endpoints drop column kind
    `);
    await knex.raw(`
      alter table webhook_endpoints rename column signing_secret to signing_secret_encrypted
    `);
  },
};
