import type { Knex } from 'knex';

export interface RawProviderEvent {
  provider: string;
  kind: string;
  eventId: string;
  eventType?: string;
  payload: Record<string, unknown>;
  rawBody: Buffer;
}

/** Verified provider events kept as received, once per (provider, kind, event id); false when stored before. */
export async function insertProviderEventIfNew(db: Knex, event: RawProviderEvent, receivedAt: Date): Promise<boolean> {
  const inserted = await db('provider_events')
    .insert({
      provider: event.provider,
      kind: event.kind,
      event_id: event.eventId,
      event_type: event.eventType ?? null,
      payload: JSON.stringify(event.payload),
      raw_body: event.rawBody.toString('utf8'),
      received_at: receivedAt,
    })
    .onConflict(['provider', 'kind', 'event_id'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}
