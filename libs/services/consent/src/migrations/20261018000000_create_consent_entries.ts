import type { Migration } from '@mp/db';

/**
 * The consent ledger (spec 4.7, issue 10 "a ledger, not a flag"): every change
 * to a recipient's consent is one append-only entry; `opt_outs` becomes the
 * projection of the opt-outs in force, each row naming the entry that
 * recorded it. Rows already in `opt_outs` get an entry of their own (with the
 * row's id), so every opt-out in force is backed by the ledger.
 */
export const createConsentEntries: Migration = {
  name: '20261018000000_create_consent_entries',
  async up(knex) {
    await knex.raw(`
      create table consent_entries (
        entry_id uuid primary key,
        -- Ledger order: recorded_at can tie within a millisecond, this never does.
        position bigint generated always as identity unique,
        account_id uuid not null,
        subaccount_id uuid,
        recipient text not null,
        -- Sms, WhatsApp, Email, or '*': every channel of the recipient's address
        -- (Sms and WhatsApp for a number, Email for an address), as a STOP or
        -- START reply and an evidence record apply.
        channel_type text not null,
        action text not null constraint consent_entries_action_check
          check (action in ('opted_out', 'resubscribed', 'evidence_recorded')),
        scope text not null constraint consent_entries_scope_check
          check (scope in ('subaccount', 'accountLevelOnly', 'entireAccount', 'stopReply')),
        source text not null constraint consent_entries_source_check
          check (source in ('customer', 'import', 'stop_reply', 'start_reply', 'support')),
        -- A user id, an API key id, or the number a reply arrived on.
        actor text,
        reason text,
        consent_method text,
        consent_evidence text,
        receiving_number text,
        -- resubscribed: the entries of the opt-outs it lifted (state is derivable from the ledger alone).
        lifted_entry_ids uuid[] not null default '{}',
        recorded_at timestamptz not null
      )
    `);
    await knex.raw('create index consent_entries_recipient_idx on consent_entries (account_id, recipient, position)');
    // Append-only: an entry is never changed or removed, whoever writes.
    await knex.raw(`
      create function consent_entries_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'consent_entries is append-only: % refused', tg_op;
      end
      $$
    `);
    await knex.raw(`
      create trigger consent_entries_append_only before update or delete on consent_entries
        for each row execute function consent_entries_append_only()
    `);
    await knex.raw(`
      insert into consent_entries (entry_id, account_id, subaccount_id, recipient, channel_type, action, scope, source, reason, receiving_number, recorded_at)
      select id, account_id, subaccount_id, recipient, channel_type, 'opted_out', scope, source, reason, receiving_number, created_at
      from opt_outs
    `);
    await knex.raw('alter table opt_outs add column entry_id uuid references consent_entries (entry_id)');
    await knex.raw('update opt_outs set entry_id = id');
    await knex.raw('alter table opt_outs alter column entry_id set not null');
    // The lists: an account's or a subaccount's opt-outs, newest first.
    await knex.raw('create index opt_outs_list_idx on opt_outs (account_id, created_at desc, id desc)');
    await knex.raw('create index opt_outs_receiving_number_idx on opt_outs (account_id, recipient, receiving_number) where scope = \'stopReply\'');
  },
  async down(knex) {
    await knex.raw('drop index opt_outs_receiving_number_idx');
    await knex.raw('drop index opt_outs_list_idx');
    await knex.raw('alter table opt_outs drop column entry_id');
    await knex.raw('drop table consent_entries');
    await knex.raw('drop function consent_entries_append_only()');
  },
};
