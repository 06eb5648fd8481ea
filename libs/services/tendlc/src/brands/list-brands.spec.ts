import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import type { DatabaseProvider } from '@mp/db';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { brandRow } from '../testing/brand.factory';
import { openTestDatabase } from '../testing/test-database';
import type { BrandRow } from './brand';
import { tenDlcHandlers } from './brands.handlers';
import { sandboxRegistry } from '../registry/sandbox/sandbox-registry';
import { createLogger } from '@mp/telemetry';

const clock = new SandboxClock();
const accountA = randomUUID();
const accountB = randomUUID();
const admin: Principal = { kind: 'user', accountId: accountA, userId: randomUUID(), role: 'Admin' };

let provider: DatabaseProvider;
let db: Knex;
let handlers: ReturnType<typeof tenDlcHandlers>;
let rowsA: BrandRow[];

const list = (principal: Principal, accountId: string = accountA) => handlers.listBrands({ accountId }, { method: 'test', principal });

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
  handlers = tenDlcHandlers({ db, clock, registry: sandboxRegistry, logger: createLogger('silent') });
  rowsA = [];
  for (const name of ['First Brand', 'Second Brand', 'Third Brand']) {
    rowsA.push(brandRow({ account_id: accountA, display_name: name, created_at: clock.now() }));
    clock.advance(3600);
  }
  rowsA[1].status = 'VERIFIED';
  await db('brands').insert([...rowsA, brandRow({ account_id: accountB, display_name: 'Other Co', created_at: clock.now() })]);
});

afterAll(async () => {
  await provider.close();
});

describe('ListBrands', () => {
  it("lists the caller's account's brands, newest first", async () => {
    const { items } = await list(admin);
    expect(items).toEqual(
      [...rowsA].reverse().map((r) =>
        expect.objectContaining({
          brandId: r.id,
          accountId: accountA,
          displayName: r.display_name,
          entityType: 'PRIVATE_PROFIT',
          country: 'US',
          status: r.status,
          mock: true,
          createdAt: (r.created_at as Date).toISOString(),
          updatedAt: (r.created_at as Date).toISOString(),
        }),
      ),
    );
  });

  it('keeps the registration request as jsonb', async () => {
    const row = await db('brands').where('id', rowsA[0].id).first();
    expect(row.request).toEqual({ displayName: 'First Brand', entityType: 'PRIVATE_PROFIT', country: 'US' });
  });

  it("uses the caller's account when the route names none", async () => {
    expect((await list(admin, '')).items).toHaveLength(3);
  });

  it("answers NOT_FOUND for another account's brands", async () => {
    const error = await list(admin, accountB).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('NOT_FOUND');
  });

  it('answers an empty list for an account without brands', async () => {
    const fresh = randomUUID();
    expect(await list({ ...admin, accountId: fresh }, fresh)).toEqual({ items: [] });
  });
});
