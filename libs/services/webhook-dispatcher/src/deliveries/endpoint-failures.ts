import { EVENT_TYPES, webhooksEvents } from '@mp/contracts';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { DEACTIVATION_THRESHOLD } from './retry-schedule.rules';

/** How a delivery ended, in the order the dispatcher saw them end. */
export interface FinalOutcome {
  endpointId: string;
  succeeded: boolean;
  error: string | null;
}

/**
 * Counts failed deliveries in a row per endpoint (spec 3.3): a delivery that
 * ends in success resets the count, one that fails for good adds one; at 50
 * an active message endpoint is deactivated, and WebhookEndpointDeactivated
 * tells identity to mail the account's Admins, in the same transaction.
 */
export async function countFinalOutcomes(trx: Knex.Transaction, deps: { outbox: OutboxWriter; now: Date }, finals: FinalOutcome[]): Promise<void> {
  if (finals.length === 0) return;
  const perEndpoint = new Map<string, { reset: boolean; failures: number; lastError: string | null }>();
  for (const final of finals) {
    const entry = perEndpoint.get(final.endpointId) ?? { reset: false, failures: 0, lastError: null };
    if (final.succeeded) Object.assign(entry, { reset: true, failures: 0 });
    else Object.assign(entry, { failures: entry.failures + 1, lastError: final.error });
    perEndpoint.set(final.endpointId, entry);
  }
  const entries = [...perEndpoint.entries()];
  await trx.raw(
    `update webhook_endpoints e set consecutive_failures = case when v.reset then v.failures else e.consecutive_failures + v.failures end
     from (values ${entries.map(() => '(?::uuid, ?::boolean, ?::int)').join(', ')}) as v(id, reset, failures)
     where e.id = v.id and (v.failures > 0 or e.consecutive_failures <> 0)`,
    entries.flatMap(([id, e]) => [id, e.reset, e.failures]),
  );
  const failing = entries.filter(([, e]) => e.failures > 0).map(([id]) => id);
  if (failing.length === 0) return;
  const deactivated: { id: string; account_id: string; url: string; label: string; consecutive_failures: number }[] = await trx('webhook_endpoints')
    .whereIn('id', failing)
    .andWhere({ active: true, kind: 'message' })
    .andWhere('consecutive_failures', '>=', DEACTIVATION_THRESHOLD)
    .update({ active: false, deactivated_at: deps.now, updated_at: deps.now })
    .returning(['id', 'account_id', 'url', 'label', 'consecutive_failures']);
  for (const endpoint of deactivated) {
    const payload = webhooksEvents.WebhookEndpointDeactivated.toJSON({
      accountId: endpoint.account_id,
      webhookId: endpoint.id,
      url: endpoint.url,
      label: endpoint.label,
      consecutiveFailures: endpoint.consecutive_failures,
      lastError: perEndpoint.get(endpoint.id)?.lastError ?? undefined,
      occurredAt: deps.now.toISOString(),
    });
    const { topic, version } = EVENT_TYPES.WebhookEndpointDeactivated;
    await deps.outbox.enqueue(trx, { type: 'WebhookEndpointDeactivated', version, topic, key: endpoint.account_id, payload });
  }
}
