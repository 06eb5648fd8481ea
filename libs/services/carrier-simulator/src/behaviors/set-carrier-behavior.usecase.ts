import type { Clock } from '@mp/clock';
import { requirePrincipal, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { DEFAULT_AFTER_SECONDS, validateBehavior, type CarrierBehavior } from './carrier-behavior.rules';
import type { CarrierBehaviorsRepository } from './carrier-behaviors.repository';

export interface SetCarrierBehaviorInput {
  accountId: string;
  destination: string;
  outcome: string;
  afterSeconds?: number;
}

/** PUT /v1/sandbox/carrier-behaviors/{destination}: what the carrier does with this account's messages to it. */
export class SetCarrierBehaviorUseCase {
  constructor(
    private readonly db: Knex,
    private readonly behaviors: CarrierBehaviorsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: SetCarrierBehaviorInput, principal: Principal = requirePrincipal()): Promise<CarrierBehavior> {
    // An empty account id means the caller's own; another account's behaviours are
    // as invisible as its other resources.
    if (input.accountId !== '' && input.accountId !== principal.accountId) throw DomainError.notFound('Account');
    const outcome = validateBehavior(input);
    return this.behaviors.upsert(
      this.db,
      {
        accountId: principal.accountId,
        destination: input.destination.trim(),
        outcome,
        afterSeconds: input.afterSeconds ?? DEFAULT_AFTER_SECONDS,
      },
      this.clock.now(),
    );
  }
}
