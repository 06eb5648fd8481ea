import type { Clock } from '@mp/clock';
import type { DueJob } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { announceOutcomes } from './announce-outcomes';
import { applyPartReceipts, expireUnmatchedReceipts } from './apply-part-receipts';
import { deliverInbound } from './deliver-inbound';
import type { ProviderCallbackHandoff } from './provider-callback-handoff';
import { purgeHandled } from './purge-handled';

/** A receipt no part claims within this is dropped (logged, counted); Jasmin keeps its DLR map a day (dlr_expiry). */
export const DEFAULT_UNMATCHED_RECEIPT_LIMIT_MS = 24 * 60 * 60_000;
/** An inbound message's parts are awaited this long from the first (Kannel's concatenated-MO timeout is of this order). */
export const DEFAULT_REASSEMBLY_LIMIT_MS = 10 * 60_000;
/** Handled rows, parts and outcomes are kept this long (for late repeats and for operators), then deleted. */
export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60_000;
const RECEIPTS_PER_PASS = 500;
/** The retention purge runs at most this often (per replica); a pass runs every second under load. */
export const PURGE_INTERVAL_MS = 60_000;

export interface SmppDeliveriesJobDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  providerCallback: ProviderCallbackHandoff;
  unmatchedReceiptLimitMs?: number;
  reassemblyLimitMs?: number;
  retentionMs?: number;
}

/**
 * messaging.smpp-deliveries: what the binds stored, carried on (issue 28
 * points 4, 5). Each pass applies the receipts whose part is known, drops
 * those unmatched past the limit, hands each decided message's one receipt to
 * provider-callback, hands on the inbound messages that are complete (or
 * past the reassembly limit), and deletes what is past its retention. Every
 * step is safe to repeat: a pass on two replicas at once, or again after a
 * crash, changes nothing twice.
 */
export function smppDeliveriesJob(deps: SmppDeliveriesJobDeps): DueJob {
  const unmatchedLimit = deps.unmatchedReceiptLimitMs ?? DEFAULT_UNMATCHED_RECEIPT_LIMIT_MS;
  const reassemblyLimit = deps.reassemblyLimitMs ?? DEFAULT_REASSEMBLY_LIMIT_MS;
  const retention = deps.retentionMs ?? DEFAULT_RETENTION_MS;
  let purgeDueAt = 0;
  return {
    name: 'messaging.smpp-deliveries',
    intervalMs: 1000,
    async runDue() {
      const applied = await applyPartReceipts(deps, RECEIPTS_PER_PASS);
      const expired = await expireUnmatchedReceipts(deps, unmatchedLimit);
      const announced = await announceOutcomes(deps);
      const inbound = await deliverInbound(deps, reassemblyLimit);
      // Housekeeping is not work the runner should hurry for: not counted, and once a minute (a batch a table each).
      if (deps.clock.now().getTime() >= purgeDueAt) {
        purgeDueAt = deps.clock.now().getTime() + PURGE_INTERVAL_MS;
        await purgeHandled(deps, retention);
      }
      return applied + expired + announced + inbound;
    },
  };
}
