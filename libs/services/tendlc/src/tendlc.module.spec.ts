import { randomUUID } from 'node:crypto';
import { tendlcV1 } from '@mp/contracts';
import type { AsyncClient, Principal } from '@mp/grpc';
import { brandRow } from './testing/brand.factory';
import { startTestService, type TestService } from '@mp/service-host';
import { tenDlcService } from './tendlc.module';
import { REGISTRATIONS } from './testing/registration.factory';

const accountId = randomUUID();
const principal: Principal = { kind: 'user', accountId, userId: randomUUID(), role: 'Admin' };
let running: TestService;
let client: AsyncClient<typeof tendlcV1.TenDlcServiceService>;

beforeAll(async () => {
  running = await startTestService(tenDlcService, {});
  client = running.client(tendlcV1.TenDlcServiceService);
});

afterAll(async () => {
  client?.close();
  await running?.stop();
});

describe('tenDlcService', () => {
  it('starts, migrates its schema and serves ListBrands over gRPC', async () => {
    const row = brandRow({ account_id: accountId, created_at: new Date('2025-03-01T10:00:00Z') });
    await running.db('brands').insert(row);
    const answer = await client.listBrands({ accountId }, { principal });
    expect(answer.items.map((b) => b.brandId)).toEqual([row.id]);
    const error = await client.listBrands({ accountId: randomUUID() }, { principal }).catch((e) => e);
    expect(error.code).toBe('NOT_FOUND');
  });

  it('serves RegisterBrand and GetBrand over gRPC, with validation problems intact', async () => {
    const { brand, created } = await client.registerBrand({ accountId, ...REGISTRATIONS.GOVERNMENT, referenceId: 'grpc-1' }, { principal });
    expect(created).toBe(true);
    expect(await client.getBrand({ accountId, brandId: brand!.brandId }, { principal })).toEqual(brand);
    const refused = await client.registerBrand({ accountId, entityType: 'SOLE_PROPRIETOR' }, { principal }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: expect.objectContaining({ firstName: ['is required for SOLE_PROPRIETOR'] }) } });
  });
});
