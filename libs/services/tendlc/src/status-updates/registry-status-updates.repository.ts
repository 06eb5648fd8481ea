import type { Knex } from 'knex';

export type StatusUpdateOutcome = 'applied' | 'unchanged' | 'stale' | 'unknown_brand' | 'unknown_status';

/** A row of `registry_status_updates`: every status the registry reported, applied or not. */
export interface RegistryStatusUpdateRow {
  provider_event_id: string;
  registry: string;
  registry_brand_id: string;
  brand_reference_id: string | null;
  identity_status: string;
  description: string | null;
  occurred_at: Date;
  brand_id: string | null;
  outcome: StatusUpdateOutcome;
  received_at: Date;
}

/** Records an update once per registry event id; false when it was recorded before. */
export async function recordStatusUpdate(trx: Knex.Transaction, row: RegistryStatusUpdateRow): Promise<boolean> {
  const inserted = await trx('registry_status_updates').insert(row).onConflict('provider_event_id').ignore().returning('provider_event_id');
  return inserted.length > 0;
}
