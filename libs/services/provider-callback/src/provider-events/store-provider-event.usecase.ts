import type { Clock } from '@mp/clock';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { parseJsonObject } from '../ingest/callback-body';
import type { ProviderEventsRepository } from './provider-events.repository';

const MAX_ID_LENGTH = 200;

/**
 * Carrier inbound messages, payment-processor (stripe) and registry (tcr)
 * events: verified and stored, deduplicated by their `id` (Stripe's shape) or
 * `eventId`. Nothing acts on them yet; inbound replies, subscription changes
 * and 10DLC status updates are processed from these rows in later issues.
 */
export class StoreProviderEventUseCase {
  constructor(
    private readonly db: Knex,
    private readonly providerEvents: ProviderEventsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(provider: string, kind: string, rawBody: Buffer): Promise<{ accepted: boolean; eventId: string }> {
    const payload = parseJsonObject(rawBody);
    const eventId = payload.id ?? payload.eventId;
    if (typeof eventId !== 'string' || eventId.trim() === '' || eventId.length > MAX_ID_LENGTH) {
      throw new DomainError('INVALID_INPUT', 'The callback event has no id (a non-empty string `id` or `eventId`).', {
        errors: { id: ['id or eventId must be a non-empty string.'] },
      });
    }
    const eventType = typeof payload.type === 'string' ? payload.type : undefined;
    const accepted = await this.providerEvents.insertIfNew(this.db, { provider, kind, eventId, eventType, payload, rawBody }, this.clock.now());
    return { accepted, eventId };
  }
}
