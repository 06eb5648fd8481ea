import type { Clock } from '@mp/clock';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { DEFAULT_AFTER_SECONDS, validateBehavior, type CarrierBehavior } from './carrier-behavior.rules';
import { upsertCarrierBehavior } from './carrier-behaviors.repository';

export interface SetCarrierBehaviorInput {
  accountId: string;
  destination: string;
  outcome: string;
  afterSeconds?: number;
}

/** PUT /v1/sandbox/carrier-behaviors/{destination}: what the carrier does with this account's messages to it. */
export async function setCarrierBehavior(
  deps: { db: Knex; clock: Clock },
  principal: Principal,
  input: SetCarrierBehaviorInput,
): Promise<CarrierBehavior> {
  // An empty account id means the caller's own; another account's behaviours are
  // as invisible as its other resources.
  if (input.accountId !== '' && input.accountId !== principal.accountId) throw DomainError.notFound('Account');
  const outcome = validateBehavior(input);
  return upsertCarrierBehavior(
    deps.db,
    {
      accountId: principal.accountId,
      destination: input.destination.trim(),
      outcome,
      afterSeconds: input.afterSeconds ?? DEFAULT_AFTER_SECONDS,
    },
    deps.clock.now(),
  );
}
