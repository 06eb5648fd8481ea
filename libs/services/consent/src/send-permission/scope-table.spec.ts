import { randomUUID } from 'node:crypto';
import type { Principal } from '@mp/grpc';
import { accountRoute, messageReceived, principalsOf, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';
import { matrixCases, matrixPlacements, SEND_MATRIX } from '../testing/send-matrix';

/**
 * The send matrix (spec 4.7 rule 3) with every placement recorded the way it
 * is made for real: opt-outs through RecordOptOut on their route, STOP
 * replies through the replies.events consumer. CheckSendPermission (asked as
 * messaging) and GetPreferences must both follow the matrix, on every
 * channel the placement covers.
 */
const accountId = randomUUID();
const ids = { s1: randomUUID(), s2: randomUUID(), n1: '+15550000001', n2: '+15550000002' };
const { admin, member } = principalsOf(accountId, ids.s1);
const messaging: Principal = { kind: 'service', accountId: '', service: 'messaging' };
const placements = matrixPlacements(ids, { accountId, recipient: '', channelType: 'Sms' });
const names = Object.keys(placements);
const recipientOf = (placement: string) => `+1555${String(9000000 + names.indexOf(placement))}`;
/** The channels each placement was recorded on: a STOP covers both phone channels. */
const channelsOf = (placement: string) => (placements[placement].scope === 'stopReply' ? ['Sms', 'WhatsApp'] : ['Sms']);
const decidingEntry: Record<string, string> = {};

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
  for (const name of names) {
    const p = placements[name];
    const recipient = recipientOf(name);
    if (p.scope === 'stopReply') {
      await h.reply(messageReceived({ accountId, subaccountId: p.subaccountId ?? undefined, from: recipient, to: p.receivingNumber!, keyword: 'Stop' }));
      decidingEntry[name] = (await h.entries(accountId)).at(-1)!.entry_id;
      continue;
    }
    const route = p.scope === 'subaccount' ? subaccountRoute(accountId, p.subaccountId!) : accountRoute(accountId);
    const scope = p.scope === 'subaccount' ? undefined : p.scope;
    decidingEntry[name] = (await h.call('recordOptOut', admin, { route, recipient, channelType: 'Sms', scope })).optOut!.entryId;
  }
});
afterAll(() => h?.close());

describe('where each scope blocks, as recorded through the service', () => {
  it('has a row for every scope', () => {
    expect(new Set(Object.values(placements).map((p) => p.scope))).toEqual(new Set(['entireAccount', 'accountLevelOnly', 'subaccount', 'stopReply']));
    expect(SEND_MATRIX).toContain('subaccount S2');
  });

  it.each(matrixCases(ids).flatMap((c) => channelsOf(c.placement).map((channelType) => ({ ...c, channelType }))))(
    '$placement on $channelType, sending from $fromLabel as $subLabel: blocked=$blocked',
    async ({ placement, channelType, fromAddress, subaccountId, blocked }) => {
      const answer = await h.call('checkSendPermission', messaging, { accountId, recipient: recipientOf(placement), channelType, subaccountId, fromAddress });
      expect(answer.allowed).toBe(!blocked);
      // The placement's own entry decided (the recipient's only one), unless another subaccount's entry is not the sender's to see.
      const owner = placements[placement].subaccountId;
      const visible = blocked || !subaccountId || owner === null || owner === subaccountId;
      expect(answer.decidedByEntryId).toBe(visible ? decidingEntry[placement] : undefined);
    },
  );

  it.each(matrixCases(ids).filter((c) => c.fromLabel === 'none'))(
    'preferences of $placement through the $subLabel route: opted_out=$blocked',
    async ({ placement, subaccountId, blocked }) => {
      const route = subaccountId ? subaccountRoute(accountId, subaccountId) : accountRoute(accountId);
      const answer = await h.call('getPreferences', member, { route, recipient: recipientOf(placement) });
      for (const channel of answer.channels) {
        const covered = channelsOf(placement).includes(channel.channelType);
        expect({ channel: channel.channelType, status: channel.status }).toEqual({ channel: channel.channelType, status: covered && blocked ? 'opted_out' : 'opted_in' });
      }
    },
  );

  it('a placement blocks only its own channels: Email is never blocked by these', async () => {
    for (const name of names) {
      expect((await h.call('checkSendPermission', messaging, { accountId, recipient: recipientOf(name), channelType: 'Email' })).allowed).toBe(true);
    }
  });
});
