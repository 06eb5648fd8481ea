import type { Migration } from '@mp/db';

/**
 * Brand registration (spec 4.8, issue 12): the caller's reference id (one
 * brand per account and reference), the registry's brand id and the time of
 * the status it last reported; statuses in TCR's names (PENDING, VERIFIED,
 * UNVERIFIED, VETTED_VERIFIED). Every status update the registry reports is
 * recorded, applied or not (an unknown brand is recorded and ignored). The
 * sandbox registry's callbacks wait in `sandbox_registry_callbacks` until due
 * on the sandbox clock.
 */
export const registerBrands: Migration = {
  name: '20261210000000_register_brands',
  async up(knex) {
    await knex.raw(`update brands set status = upper(status)`);
    await knex.raw(`
      alter table brands
        alter column status set default 'PENDING',
        add column reference_id text,
        add column request_fingerprint text,
        add column registry_brand_id text,
        add column mock boolean not null default false,
        add column status_updated_at timestamptz,
        add constraint brands_status_check check (status in ('PENDING', 'VERIFIED', 'UNVERIFIED', 'VETTED_VERIFIED'))
    `);
    await knex.raw(`create unique index brands_reference_uq on brands (account_id, reference_id) where reference_id is not null`);
    await knex.raw(`create unique index brands_registry_brand_uq on brands (registry_brand_id) where registry_brand_id is not null`);
    await knex.raw(`
      create table registry_status_updates (
        -- The registry's event id: each update is taken in once (the consumer also records the event).
        provider_event_id text primary key,
        registry text not null,
        registry_brand_id text not null,
        brand_reference_id text,
        identity_status text not null,
        description text,
        occurred_at timestamptz not null,
        -- The brand it named, when it is one of ours.
        brand_id uuid,
        -- applied, unchanged, stale (older than the status it has), unknown_brand or unknown_status.
        outcome text not null,
        received_at timestamptz not null
      )
    `);
    await knex.raw(`create index registry_status_updates_brand_idx on registry_status_updates (brand_id)`);
    await knex.raw(`
      create table sandbox_registry_callbacks (
        event_id text primary key,
        brand_id uuid not null,
        registry_brand_id text not null,
        identity_status text not null,
        -- The exact JSON posted: every retry carries the same bytes and signature.
        body text not null,
        -- Due time on the sandbox clock (or a claim's lease), tries, last failure, success.
        next_attempt_at timestamptz not null,
        attempts integer not null default 0,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz not null
      )
    `);
    await knex.raw(`create index sandbox_registry_callbacks_due_idx on sandbox_registry_callbacks (next_attempt_at) where sent_at is null`);
  },
  async down(knex) {
    await knex.schema.dropTable('sandbox_registry_callbacks');
    await knex.schema.dropTable('registry_status_updates');
    await knex.raw(`drop index brands_registry_brand_uq`);
    await knex.raw(`drop index brands_reference_uq`);
    await knex.raw(`
      alter table brands
        drop constraint brands_status_check,
        drop column status_updated_at,
        drop column mock,
        drop column registry_brand_id,
        drop column request_fingerprint,
        drop column reference_id,
        alter column status set default 'pending'
    `);
    await knex.raw(`update brands set status = lower(status)`);
  },
};
