import { randomUUID } from 'node:crypto';
import { consentV1 } from '@mp/contracts';
import type { AsyncClient, Principal } from '@mp/grpc';
import { startTestService, type TestService } from '@mp/service-host';
import { consentService } from '../consent.module';
import { accountRoute, messageReceived, principalsOf, refusal, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';
import { seedOptOut } from '../testing/opt-out.factory';
import { matrixCases, matrixPlacements } from '../testing/send-matrix';

/**
 * CheckSendPermissions (messaging's dispatcher asks for a batch of attempts
 * at once) answers each attempt exactly as CheckSendPermission does, the
 * deciding entry included, with the same number of statements whatever the
 * batch's size.
 */
const accountId = randomUUID();
const otherAccountId = randomUUID();
const ids = { s1: randomUUID(), s2: randomUUID(), n1: '+15550000001', n2: '+15550000002' };
const { admin } = principalsOf(accountId, ids.s1);
const messaging: Principal = { kind: 'service', accountId: '', service: 'messaging' };
const placements = matrixPlacements(ids, { accountId, recipient: '', channelType: 'Sms' });
const names = Object.keys(placements);
const recipientOf = (placement: string) => `+1555${String(8000000 + names.indexOf(placement))}`;
const resubscribed = '+15558100001';
const evidenced = '+15558100002';
const untouched = '+15558100003';
const email = 'Ann.Batch@Example.com';
let resubscribedEntry: string;
let evidenceEntry: string;

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
  // Every placement of the send matrix, recorded the way it is made for real.
  for (const name of names) {
    const p = placements[name];
    const recipient = recipientOf(name);
    if (p.scope === 'stopReply') {
      await h.reply(messageReceived({ accountId, subaccountId: p.subaccountId ?? undefined, from: recipient, to: p.receivingNumber!, keyword: 'Stop' }));
      continue;
    }
    const route = p.scope === 'subaccount' ? subaccountRoute(accountId, p.subaccountId!) : accountRoute(accountId);
    await h.call('recordOptOut', admin, { route, recipient, channelType: 'Sms', scope: p.scope === 'subaccount' ? undefined : p.scope });
  }
  // Opted out, then re-subscribed with evidence: allowed, decided by the re-subscribe.
  await h.call('recordOptOut', admin, { route: accountRoute(accountId), recipient: resubscribed, channelType: 'Sms', scope: 'entireAccount' });
  h.clock.advance(1);
  resubscribedEntry = (
    await h.call('optIn', admin, {
      route: accountRoute(accountId),
      recipient: resubscribed,
      channelType: 'Sms',
      scope: 'entireAccount',
      consentConfirmed: true,
      consentMethod: 'Written',
      consentEvidence: 'signed form',
    })
  ).entryId;
  // A STOP then a START on S1's number: allowed, decided by the START's entry (every channel).
  await h.reply(messageReceived({ accountId, subaccountId: ids.s1, from: evidenced, to: ids.n1, keyword: 'Stop' }));
  await h.reply(messageReceived({ accountId, subaccountId: ids.s1, from: evidenced, to: ids.n1, keyword: 'Start', body: 'START' }));
  evidenceEntry = (await h.entries(accountId)).at(-1)!.entry_id;
  await h.call('recordOptOut', admin, { route: accountRoute(accountId), recipient: email.toLowerCase(), channelType: 'Email', scope: 'accountLevelOnly' });
  await seedOptOut(h.db, { account_id: otherAccountId, scope: 'entireAccount', recipient: untouched, created_at: h.clock.now() });
});
afterAll(() => h?.close());

const single = (request: consentV1.CheckSendPermissionRequest) => h.call('checkSendPermission', messaging, request);
const batch = (requests: consentV1.CheckSendPermissionRequest[]) => h.call('checkSendPermissions', messaging, { requests });
/** What CheckSendPermission answers for each request, asked one after another. */
async function singles(requests: consentV1.CheckSendPermissionRequest[]) {
  const answers: consentV1.CheckSendPermissionResponse[] = [];
  for (const request of requests) answers.push(await single(request));
  return answers;
}

/** Every cell of the send matrix (on both phone channels for a STOP), then the other cases. */
function mixedRequests(): consentV1.CheckSendPermissionRequest[] {
  const matrix = matrixCases(ids).flatMap((c) =>
    (placements[c.placement].scope === 'stopReply' ? ['Sms', 'WhatsApp'] : ['Sms']).map((channelType) => ({
      accountId,
      recipient: recipientOf(c.placement),
      channelType,
      subaccountId: c.subaccountId,
      fromAddress: c.fromAddress,
    })),
  );
  return [
    ...matrix,
    { accountId, recipient: resubscribed, channelType: 'Sms' },
    { accountId, recipient: resubscribed, channelType: 'Sms', subaccountId: ids.s2, fromAddress: ids.n2 },
    { accountId, recipient: evidenced, channelType: 'WhatsApp', subaccountId: ids.s1, fromAddress: ids.n1 },
    { accountId, recipient: evidenced, channelType: 'Sms', subaccountId: ids.s2 },
    { accountId, recipient: untouched, channelType: 'Sms' },
    { accountId, recipient: untouched, channelType: 'Sms', subaccountId: ids.s1 },
    { accountId: otherAccountId, recipient: untouched, channelType: 'Sms' },
    { accountId: otherAccountId, recipient: untouched, channelType: 'WhatsApp' },
    { accountId, recipient: email.toUpperCase(), channelType: 'Email' },
    { accountId, recipient: email, channelType: 'Email', subaccountId: ids.s1 },
    // Channel names match opt-outs without case.
    { accountId, recipient: recipientOf('entireAccount'), channelType: 'sms' },
    // The same attempt twice.
    { accountId, recipient: recipientOf('subaccount S1'), channelType: 'Sms', subaccountId: ids.s1 },
    { accountId, recipient: recipientOf('subaccount S1'), channelType: 'Sms', subaccountId: ids.s1 },
  ];
}

describe('CheckSendPermissions', () => {
  it('answers each request as CheckSendPermission does, in request order, deciding entries included', async () => {
    const requests = mixedRequests();
    const answers = await batch(requests);
    expect(answers.results).toHaveLength(requests.length);
    expect(answers.results).toEqual(await singles(requests));
    // The mix holds what it is meant to: the matrix as written, and each other case as expected.
    const cells = matrixCases(ids).flatMap((c) => (placements[c.placement].scope === 'stopReply' ? [c, c] : [c]));
    expect(answers.results.slice(0, cells.length).map((r) => r.allowed)).toEqual(cells.map((c) => !c.blocked));
    const rest = answers.results.slice(cells.length);
    expect(rest.map((r) => r.allowed)).toEqual([true, true, true, true, true, true, false, true, false, true, false, false, false]);
    expect(rest[0].decidedByEntryId).toBe(resubscribedEntry);
    expect(rest[2].decidedByEntryId).toBe(evidenceEntry);
    // S2 does not see S1's STOP and START entries; nobody recorded anything of `untouched` in this account.
    expect(rest[3].decidedByEntryId).toBeUndefined();
    expect(rest[4].decidedByEntryId).toBeUndefined();
    expect(rest[6]).toMatchObject({ allowed: false, reason: 'recipient opted out of the entire account' });
    expect(rest[8]).toMatchObject({ allowed: false, reason: 'recipient opted out of account-level sending' });
  });

  it('blocks a STOP on one number but not on another, by the number the attempt goes from', async () => {
    const recipient = recipientOf('stopReply on N1 of S1');
    const requests = [ids.n1, ids.n2, ids.n1].map((fromAddress) => ({ accountId, recipient, channelType: 'Sms', subaccountId: ids.s2, fromAddress }));
    const { results } = await batch(requests);
    expect(results.map((r) => r.allowed)).toEqual([false, true, false]);
    expect(results[0].reason).toBe(`recipient opted out by replying STOP to ${ids.n1}`);
    expect(results).toEqual(await singles(requests));
  });

  it('answers an empty batch with no results', async () => {
    await expect(batch([])).resolves.toEqual({ results: [] });
  });

  it('refuses the whole batch when one request is invalid, naming it by its index', async () => {
    const error = await refusal(batch([{ accountId, recipient: untouched, channelType: 'Sms' }, { accountId: 'nope', recipient: ' ', channelType: 'Sms' }]));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.extensions.errors ?? {}).sort()).toEqual(['requests[1].accountId', 'requests[1].recipient']);
  });

  it('reads with the same number of statements for a batch of 20 as for a batch of 2', async () => {
    const statementsOf = async (requests: consentV1.CheckSendPermissionRequest[]) => {
      let count = 0;
      const counting = () => count++;
      h.db.on('query', counting);
      try {
        await batch(requests);
      } finally {
        h.db.off('query', counting);
      }
      return count;
    };
    const mix = mixedRequests();
    // A blocked attempt and an allowed one: both the opt-outs and the latest entries are read.
    const two = [
      { accountId, recipient: recipientOf('entireAccount'), channelType: 'Sms' },
      { accountId, recipient: resubscribed, channelType: 'Sms' },
    ];
    const twenty = Array.from({ length: 20 }, (_, i) => mix[(i * 7) % mix.length]);
    const forTwo = await statementsOf(two);
    expect(forTwo).toBe(2);
    expect(await statementsOf(twenty)).toBe(forTwo);
    expect(await statementsOf(mix)).toBe(forTwo);
  });
});

describe('CheckSendPermissions over gRPC', () => {
  let running: TestService;
  let asMessaging: AsyncClient<typeof consentV1.ConsentServiceService>;
  beforeAll(async () => {
    running = await startTestService(consentService, {});
    asMessaging = running.client(consentV1.ConsentServiceService, 'messaging');
  });
  afterAll(async () => {
    asMessaging?.close();
    await running?.stop();
  });

  it('serves messaging, and no customer', async () => {
    const seeded = await seedOptOut(running.db, { account_id: accountId, scope: 'accountLevelOnly', recipient: untouched, created_at: new Date() });
    const requests = [
      { accountId, channelType: 'Sms', recipient: untouched },
      { accountId, channelType: 'Sms', recipient: untouched, subaccountId: ids.s1 },
      { accountId, channelType: 'Sms', recipient: '+15558100009' },
    ];
    await expect(asMessaging.checkSendPermissions({ requests })).resolves.toEqual({
      results: [
        { allowed: false, reason: 'recipient opted out of account-level sending', decidedByEntryId: seeded.entry_id },
        { allowed: true, decidedByEntryId: seeded.entry_id },
        { allowed: true },
      ],
    });
    // A customer may ask CheckSendPermission about its own account, never for a batch: PERMISSION_DENIED, seen as an internal error.
    await expect(asMessaging.checkSendPermissions({ requests }, { principal: admin })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    await expect(asMessaging.checkSendPermission(requests[0], { principal: admin })).resolves.toMatchObject({ allowed: false });
  });
});
