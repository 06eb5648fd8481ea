import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { consentV1, TOPICS } from '@mp/contracts';
import type { AsyncClient, Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { startTestService, type ServiceClients, type TestService } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { consentService } from './consent.module';
import { seedOptOut } from './testing/opt-out.factory';

const accountId = randomUUID();
const admin: Principal = { kind: 'user', accountId, userId: randomUUID(), role: 'Admin' };
let running: TestService;
let client: AsyncClient<typeof consentV1.ConsentServiceService>;
let asMessaging: AsyncClient<typeof consentV1.ConsentServiceService>;

beforeAll(async () => {
  running = await startTestService(consentService, {});
  client = running.client(consentV1.ConsentServiceService);
  // Messaging's dispatch job asks as itself.
  asMessaging = running.client(consentV1.ConsentServiceService, 'messaging');
});

afterAll(async () => {
  client?.close();
  asMessaging?.close();
  await running?.stop();
});

describe('consentService', () => {
  it('starts, migrates its schema and serves CheckSendPermission over gRPC', async () => {
    const seeded = await seedOptOut(running.db, { account_id: accountId, scope: 'accountLevelOnly', created_at: new Date() });
    const request = { accountId, channelType: 'Sms', recipient: '+15557654321' };
    expect(await asMessaging.checkSendPermission(request)).toEqual({
      allowed: false,
      reason: 'recipient opted out of account-level sending',
      decidedByEntryId: seeded.entry_id,
    });
    // Allowed for a subaccount; the account's entry is still the latest the subaccount sees.
    expect(await asMessaging.checkSendPermission({ ...request, subaccountId: randomUUID() })).toEqual({ allowed: true, decidedByEntryId: seeded.entry_id });
  });

  it('answers NOT_FOUND to a customer of another account', async () => {
    const principal = { kind: 'user' as const, accountId: randomUUID(), userId: randomUUID() };
    const error = await asMessaging.checkSendPermission({ accountId, channelType: 'Sms', recipient: '+1555' }, { principal }).catch((e) => e);
    expect(error.code).toBe('NOT_FOUND');
  });

  it('serves the consent routes to customers, with problem codes and field errors across the wire', async () => {
    const route = { accountId, subaccountRoute: false };
    const recorded = await client.recordOptOut({ route, recipient: '+15550001111', channelType: 'Sms', scope: 'entireAccount' }, { principal: admin });
    expect(recorded).toMatchObject({ created: true, optOut: { scope: 'entireAccount', recipient: '+15550001111' } });
    const again = await client.recordOptOut({ route, recipient: '+15550001111', channelType: 'Sms', scope: 'entireAccount' }, { principal: admin });
    expect(again).toEqual({ created: false, optOut: recorded.optOut });
    const missing = await client.recordOptOut({ route, recipient: '+15550001111', channelType: 'Sms' }, { principal: admin }).catch((e) => e);
    expect(missing).toBeInstanceOf(DomainError);
    expect(missing).toMatchObject({ code: 'RECIPIENT_OPT_OUT_SCOPE_REQUIRED', extensions: { errors: { scope: expect.any(Array) } } });
    const list = await client.listOptOuts({ route, recipient: '+15550001111' }, { principal: admin });
    expect(list.items.map((o) => o.optOutId)).toEqual([recorded.optOut!.optOutId]);
  });

  it('serves CSV import and export with the file and the pages as bytes', async () => {
    const own = randomUUID();
    const principal: Principal = { kind: 'user', accountId: own, userId: randomUUID(), role: 'Admin' };
    const route = { accountId: own, subaccountRoute: false };
    const file = Buffer.from('recipient,channel,reason\r\n+15550002222,Sms,=1+1\r\n+15550002222,Sms,\r\n', 'utf8');
    const imported = await client.importOptOuts({ route, scope: 'accountLevelOnly', file }, { principal });
    expect(imported).toMatchObject({ created: 1, duplicateInFile: 1, rows: [{ row: 1, result: 'created' }, { row: 2, result: 'duplicate_in_file' }] });
    const page = await client.exportOptOuts({ route }, { principal });
    expect(page.truncated).toBe(false);
    expect(Buffer.from(page.csv).toString('utf8')).toContain(`'+15550002222,Sms,accountLevelOnly,,'=1+1,import,`);
    const again = await client.importOptOuts({ route, scope: 'accountLevelOnly', file: Buffer.from(page.csv) }, { principal });
    expect(again).toMatchObject({ created: 0, alreadyExists: 1 });
  });

  it('lets no service call the customer routes', async () => {
    const route = { accountId, subaccountRoute: false };
    // PERMISSION_DENIED before the handler runs, which the caller sees as an internal error.
    const refused = await asMessaging.listOptOuts({ route }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(await asMessaging.checkSendPermission({ accountId, channelType: 'Sms', recipient: '+15550001111' })).toMatchObject({ allowed: false });
  });

  it('consumes MessageReceived for STOP and START, and carrier refusals from messaging.events, each in a group of its own', async () => {
    const parts = await consentService.create({
      config: {},
      db: running.db as Knex,
      outbox: { enqueue: () => Promise.reject(new Error('unused')) },
      clock: new SandboxClock(),
      logger: createLogger('silent'),
      clients: {} as ServiceClients,
      sandbox: true,
    });
    expect((parts.consumers ?? []).map((c) => ({ group: c.group, topics: c.topics }))).toEqual([
      { group: 'consent.reply-keywords', topics: [TOPICS.replies] },
      { group: 'consent.carrier-opt-outs', topics: [TOPICS.messaging] },
    ]);
  });
});
