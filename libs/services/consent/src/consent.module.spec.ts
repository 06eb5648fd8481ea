import { randomUUID } from 'node:crypto';
import { consentV1 } from '@mp/contracts';
import type { AsyncClient } from '@mp/grpc';
import { seedOptOut } from './testing/opt-out.factory';
import { startTestService, type TestService } from '@mp/service-host';
import { consentService } from './consent.module';

const accountId = randomUUID();
let running: TestService;
let client: AsyncClient<typeof consentV1.ConsentServiceService>;

beforeAll(async () => {
  running = await startTestService(consentService, {});
  // Messaging's dispatch job asks as itself.
  client = running.client(consentV1.ConsentServiceService, 'messaging');
});

afterAll(async () => {
  client?.close();
  await running?.stop();
});

describe('consentService', () => {
  it('starts, migrates its schema and serves CheckSendPermission over gRPC', async () => {
    const seeded = await seedOptOut(running.db, { account_id: accountId, scope: 'accountLevelOnly', created_at: new Date() });
    const request = { accountId, channelType: 'Sms', recipient: '+15557654321' };
    expect(await client.checkSendPermission(request)).toEqual({
      allowed: false,
      reason: 'recipient opted out of account-level sending',
      decidedByEntryId: seeded.entry_id,
    });
    // Allowed for a subaccount; the account's entry is still the latest the subaccount sees.
    expect(await client.checkSendPermission({ ...request, subaccountId: randomUUID() })).toEqual({ allowed: true, decidedByEntryId: seeded.entry_id });
  });

  it("answers NOT_FOUND to a customer of another account", async () => {
    const principal = { kind: 'user' as const, accountId: randomUUID(), userId: randomUUID() };
    const error = await client.checkSendPermission({ accountId, channelType: 'Sms', recipient: '+1555' }, { principal }).catch((e) => e);
    expect(error.code).toBe('NOT_FOUND');
  });
});
