import type { Knex } from 'knex';
import type { CarrierBehavior, CarrierOutcome } from './carrier-behavior.rules';

interface BehaviorRow {
  account_id: string;
  destination: string;
  outcome: CarrierOutcome;
  after_seconds: number;
  updated_at: Date;
}

const toBehavior = (row: BehaviorRow): CarrierBehavior => ({
  accountId: row.account_id,
  destination: row.destination,
  outcome: row.outcome,
  afterSeconds: row.after_seconds,
});

/** One behaviour per (account, destination); setting it again replaces it. */
export async function upsertCarrierBehavior(db: Knex, behavior: CarrierBehavior, now: Date): Promise<CarrierBehavior> {
  const [row] = await db<BehaviorRow>('carrier_behaviors')
    .insert({
      account_id: behavior.accountId,
      destination: behavior.destination,
      outcome: behavior.outcome,
      after_seconds: behavior.afterSeconds,
      updated_at: now,
    })
    .onConflict(['account_id', 'destination'])
    .merge(['outcome', 'after_seconds', 'updated_at'])
    .returning(['account_id', 'destination', 'outcome', 'after_seconds']);
  return toBehavior(row as BehaviorRow);
}
