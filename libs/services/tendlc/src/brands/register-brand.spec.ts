import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import type { tendlcV1 } from '@mp/contracts';
import type { DatabaseProvider } from '@mp/db';
import type { Principal } from '@mp/grpc';
import type { DomainError } from '@mp/problems';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { unavailableRegistry } from '../registry/brand-registry';
import { sandboxRegistry } from '../registry/sandbox/sandbox-registry';
import { REGISTRATIONS } from '../testing/registration.factory';
import { openTestDatabase } from '../testing/test-database';
import { tenDlcHandlers } from './brands.handlers';

const clock = new SandboxClock();
const logger = createLogger('silent');
const accountId = randomUUID();
const admin: Principal = { kind: 'user', accountId, userId: randomUUID(), role: 'Admin' };
const manager: Principal = { ...admin, userId: randomUUID(), role: 'Manager' };
const member: Principal = { ...admin, userId: randomUUID(), role: 'Member' };
const routingKey: Principal = { kind: 'api_key', accountId, apiKeyId: randomUUID(), rights: ['ManageRouting'] };
const sendingKey: Principal = { kind: 'api_key', accountId, apiKeyId: randomUUID(), rights: ['SendMessages', 'ReadMessages'] };
const subaccountKey: Principal = { ...routingKey, apiKeyId: randomUUID(), subaccountId: randomUUID() };

let provider: DatabaseProvider;
let db: Knex;
let handlers: ReturnType<typeof tenDlcHandlers>;

const ctx = (principal: Principal) => ({ method: 'test', principal });
const register = (principal: Principal, fields: Partial<tendlcV1.RegisterBrandRequest>, h = handlers) =>
  h.registerBrand({ accountId: '', ...fields }, ctx(principal));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as DomainError,
  );
const counts = async () => ({
  brands: Number((await db('brands').where('account_id', accountId).count({ n: '*' }))[0].n),
  callbacks: Number((await db('sandbox_registry_callbacks').count({ n: '*' }))[0].n),
});

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
  handlers = tenDlcHandlers({ db, clock, registry: sandboxRegistry, logger });
});

afterAll(async () => {
  await provider.close();
});

describe('RegisterBrand', () => {
  it('stores the brand PENDING, submitted to the sandbox registry with its verdict due in 30 s', async () => {
    const { brand, created } = await register(admin, REGISTRATIONS.PRIVATE_PROFIT);
    expect(created).toBe(true);
    expect(brand).toMatchObject({ accountId, entityType: 'PRIVATE_PROFIT', status: 'PENDING', ein: '123456789', mock: true, registryBrandId: expect.stringMatching(/^B[A-Z0-9]{6}$/) });
    const row = await db('brands').where('id', brand!.brandId).first();
    expect(row).toMatchObject({ status: 'PENDING', registry_brand_id: brand!.registryBrandId, mock: true, reference_id: null, request_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const callback = await db('sandbox_registry_callbacks').where('brand_id', brand!.brandId).first();
    expect(callback).toMatchObject({ registry_brand_id: brand!.registryBrandId, identity_status: 'VERIFIED', attempts: 0, sent_at: null });
    expect(new Date(callback.next_attempt_at).getTime()).toBe(new Date(brand!.createdAt).getTime() + 30_000);
    expect(JSON.parse(callback.body)).toEqual({
      eventId: callback.event_id,
      eventType: 'BRAND_IDENTITY_STATUS_UPDATE',
      occurredAt: new Date(new Date(brand!.createdAt).getTime() + 30_000).toISOString(),
      brandId: brand!.registryBrandId,
      brandReferenceId: brand!.brandId,
      brandName: 'Acme Rockets',
      brandIdentityStatus: 'VERIFIED',
      description: 'Sandbox registry: brand identity VERIFIED.',
      mock: true,
    });
  });

  it.each(Object.keys(REGISTRATIONS))('registers a %s brand for an Admin, a Manager and a key with ManageRouting', async (entityType) => {
    for (const principal of [admin, manager, routingKey]) {
      const { brand } = await register(principal, REGISTRATIONS[entityType]);
      expect(brand?.entityType).toBe(entityType);
    }
  });

  it('refuses a Member, a key without ManageRouting, a key limited to a subaccount and another account, storing nothing', async () => {
    const before = await counts();
    expect(await failure(register(member, REGISTRATIONS.PRIVATE_PROFIT))).toMatchObject({ code: 'FORBIDDEN', detail: expect.stringContaining('Admin or Manager') });
    expect(await failure(register(sendingKey, REGISTRATIONS.PRIVATE_PROFIT))).toMatchObject({ code: 'FORBIDDEN', detail: expect.stringContaining('ManageRouting') });
    expect(await failure(register(subaccountKey, REGISTRATIONS.PRIVATE_PROFIT))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(register(admin, { ...REGISTRATIONS.PRIVATE_PROFIT, accountId: randomUUID() }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await counts()).toEqual(before);
  });

  it('refuses an invalid registration with VALIDATION_FAILED before anything is stored or submitted', async () => {
    const before = await counts();
    const error = await failure(register(admin, { ...REGISTRATIONS.PUBLIC_PROFIT, stockExchange: 'MOON', website: undefined }));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: { stockExchange: [expect.any(String)], website: [expect.any(String)] } } });
    expect(await counts()).toEqual(before);
  });

  it('answers the first brand for a repeated reference id (created false), and 409 for other fields under it', async () => {
    const referenceId = `ref-${randomUUID()}`;
    const first = await register(admin, { ...REGISTRATIONS.SOLE_PROPRIETOR, referenceId });
    const before = await counts();
    const again = await register(routingKey, { ...REGISTRATIONS.SOLE_PROPRIETOR, mobilePhone: '+14155550111', referenceId });
    expect(again).toEqual({ brand: first.brand, created: false });
    const conflict = await failure(register(admin, { ...REGISTRATIONS.SOLE_PROPRIETOR, lastName: 'Roe', referenceId }));
    expect(conflict).toMatchObject({ code: 'CONFLICT', extensions: { errors: { referenceId: [expect.any(String)] } } });
    expect(await counts()).toEqual(before);
  });

  it('refuses registration outside sandbox (no registry configured): 503, nothing stored', async () => {
    const live = tenDlcHandlers({ db, clock, registry: unavailableRegistry, logger });
    const before = await counts();
    expect(await failure(register(admin, { ...REGISTRATIONS.PRIVATE_PROFIT, referenceId: 'live-1' }, live))).toMatchObject({ code: 'EXTERNAL_SERVICE_ERROR', status: 503 });
    expect(await counts()).toEqual(before);
  });
});

describe('GetBrand', () => {
  it('answers a brand of the account to any role and to a key with ManageRouting', async () => {
    const { brand } = await register(admin, REGISTRATIONS.NON_PROFIT);
    for (const principal of [admin, member, routingKey]) {
      expect(await handlers.getBrand({ accountId: '', brandId: brand!.brandId }, ctx(principal))).toEqual(brand);
    }
  });

  it("answers NOT_FOUND for an unknown id, a malformed one and another account's brand", async () => {
    const { brand } = await register(admin, REGISTRATIONS.NON_PROFIT);
    const stranger: Principal = { kind: 'user', accountId: randomUUID(), userId: randomUUID(), role: 'Admin' };
    for (const [principal, brandId] of [
      [admin, randomUUID()],
      [admin, 'not-a-uuid'],
      [stranger, brand!.brandId],
    ] as const) {
      expect(await failure(handlers.getBrand({ accountId: '', brandId }, ctx(principal)))).toMatchObject({ code: 'NOT_FOUND', detail: 'Brand not found.' });
    }
    expect(await failure(handlers.getBrand({ accountId: '', brandId: brand!.brandId }, ctx(sendingKey)))).toMatchObject({ code: 'FORBIDDEN' });
  });
});
