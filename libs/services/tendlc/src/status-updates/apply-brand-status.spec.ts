import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { DatabaseProvider } from '@mp/db';
import type { EventEnvelope } from '@mp/events';
import { consumeOnce } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { brandRow } from '../testing/brand.factory';
import { openTestDatabase } from '../testing/test-database';
import { registryEventsConsumer } from './registry-events.consumer';

const clock = new SandboxClock();
const consumer = registryEventsConsumer({ clock, logger: createLogger('silent') });
let provider: DatabaseProvider;
let db: Knex;

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
});
afterAll(async () => {
  await provider.close();
});

async function seedBrand(registryBrandId: string | null = `B${randomUUID().slice(0, 6).toUpperCase()}`) {
  const row = brandRow({ account_id: randomUUID(), created_at: clock.now(), registry_brand_id: registryBrandId });
  await db('brands').insert({ ...row, request: JSON.stringify(row.request) });
  return row;
}

function event(update: Partial<providerCallbackEvents.RegistryBrandStatusUpdated>, type = 'RegistryBrandStatusUpdated'): EventEnvelope {
  const payload = providerCallbackEvents.RegistryBrandStatusUpdated.toJSON({
    providerEventId: randomUUID(),
    registry: 'tcr',
    registryBrandId: 'BNOBODY',
    identityStatus: 'VERIFIED',
    occurredAt: clock.now().toISOString(),
    mock: true,
    ...update,
  });
  return { id: randomUUID(), topic: TOPICS.registry, key: String(update.registryBrandId), type, payload } as unknown as EventEnvelope;
}

const brand = (id: string) => db('brands').where('id', id).first();
const updates = (providerEventId: string) => db('registry_status_updates').where('provider_event_id', providerEventId);

describe('registry.events RegistryBrandStatusUpdated', () => {
  it("moves the brand to the reported status at the registry's time, and records the update once", async () => {
    const row = await seedBrand();
    const at = new Date(clock.now().getTime() + 30_000);
    const e = event({ registryBrandId: row.registry_brand_id!, brandReferenceId: row.id, identityStatus: 'VERIFIED', occurredAt: at.toISOString(), description: 'ok' });
    await consumeOnce(db, consumer, e);
    await consumeOnce(db, consumer, e);
    expect(await brand(row.id)).toMatchObject({ status: 'VERIFIED', status_updated_at: at });
    const recorded = await updates((e.payload as { providerEventId: string }).providerEventId);
    expect(recorded).toEqual([expect.objectContaining({ brand_id: row.id, outcome: 'applied', identity_status: 'VERIFIED', description: 'ok', registry: 'tcr' })]);
  });

  it('finds a brand by the reference it was submitted under while the registry id is not stored yet', async () => {
    const row = await seedBrand(null);
    await consumeOnce(db, consumer, event({ registryBrandId: 'BLATE01', brandReferenceId: row.id, identityStatus: 'unverified' }));
    expect((await brand(row.id)).status).toBe('UNVERIFIED');
  });

  it('takes later statuses (vetting) and ignores one older than the status it has', async () => {
    const row = await seedBrand();
    const t0 = clock.now().getTime();
    await consumeOnce(db, consumer, event({ registryBrandId: row.registry_brand_id!, identityStatus: 'VETTED_VERIFIED', occurredAt: new Date(t0 + 60_000).toISOString() }));
    const late = event({ registryBrandId: row.registry_brand_id!, identityStatus: 'UNVERIFIED', occurredAt: new Date(t0 + 30_000).toISOString() });
    await consumeOnce(db, consumer, late);
    expect((await brand(row.id)).status).toBe('VETTED_VERIFIED');
    expect((await updates((late.payload as { providerEventId: string }).providerEventId))[0].outcome).toBe('stale');
  });

  it('records and ignores an update naming no brand of ours, or a status unknown here', async () => {
    const unknown = event({ registryBrandId: 'BUNKNWN', brandReferenceId: randomUUID() });
    await consumeOnce(db, consumer, unknown);
    expect(await updates((unknown.payload as { providerEventId: string }).providerEventId)).toEqual([expect.objectContaining({ outcome: 'unknown_brand', brand_id: null })]);

    const row = await seedBrand();
    const odd = event({ registryBrandId: row.registry_brand_id!, identityStatus: 'SELF_DECLARED' });
    await consumeOnce(db, consumer, odd);
    expect((await brand(row.id)).status).toBe('PENDING');
    expect((await updates((odd.payload as { providerEventId: string }).providerEventId))[0]).toMatchObject({ outcome: 'unknown_status', brand_id: row.id });
  });

  it('skips other event types and malformed events', async () => {
    const before = Number((await db('registry_status_updates').count({ n: '*' }))[0].n);
    await consumeOnce(db, consumer, event({}, 'CampaignStatusUpdated'));
    await consumeOnce(db, consumer, { ...event({}), payload: { registry: 'tcr' } } as EventEnvelope);
    expect(Number((await db('registry_status_updates').count({ n: '*' }))[0].n)).toBe(before);
  });
});
