import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import type { OptOutRow } from '../opt-outs/opt-out';
import { accountRoute, principalsOf, refusal, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';
import { seedOptOut } from '../testing/opt-out.factory';

const accountId = randomUUID();
const s1 = randomUUID();
const s2 = randomUUID();
const N1 = '+15550000001';
const { admin, manageKey } = principalsOf(accountId, s1);
const onS1 = subaccountRoute(accountId, s1);
const onAccount = accountRoute(accountId);

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

let n = 0;
const phone = () => `+1555${String(4000000 + n++)}`;

const consent = { channelType: 'Sms', consentConfirmed: true, consentMethod: 'WebForm', consentEvidence: 'signup form #812, 2026-10-01' };
const optIn = (route: consentV1.ConsentRoute, recipient: string, over: Partial<consentV1.OptInRequest> = {}) =>
  h.call('optIn', admin, { route, recipient, ...consent, ...over });
const seed = (recipient: string, over: Partial<OptOutRow> & Pick<OptOutRow, 'scope'>) =>
  seedOptOut(h.db, { account_id: accountId, recipient, created_at: h.clock.now(), ...over });
const inForce = async (recipient: string) => (await h.optOuts(accountId)).filter((o) => o.recipient === recipient).map((o) => o.scope).sort();

describe('OptIn: re-subscribe with evidence (spec 4.7 rule 2)', () => {
  it("on a subaccount route lifts that subaccount's opt-out: evidence entry, row gone, RecipientOptedIn", async () => {
    const recipient = phone();
    const recorded = await h.call('recordOptOut', admin, { route: onS1, recipient, channelType: 'Sms' });
    const answer = await h.call('optIn', manageKey, { route: onS1, recipient, ...consent });

    expect(answer.lifted).toEqual([recorded.optOut]);
    expect(answer.stillSuppressed).toBe(false);
    const entry = (await h.entries(accountId)).at(-1)!;
    expect(entry).toMatchObject({
      entry_id: answer.entryId,
      action: 'resubscribed',
      source: 'customer',
      scope: 'subaccount',
      subaccount_id: s1,
      actor: manageKey.apiKeyId,
      consent_method: 'WebForm',
      consent_evidence: 'signup form #812, 2026-10-01',
      lifted_entry_ids: [recorded.optOut!.entryId],
    });
    expect(await inForce(recipient)).toEqual([]);
    const event = (await h.outbox()).at(-1)!;
    expect(event).toMatchObject({ type: 'RecipientOptedIn', topic: 'consent.events', key: recipient });
    expect(event.payload).toEqual({
      accountId,
      subaccountId: s1,
      recipient,
      channel: 'Sms',
      scope: 'subaccount',
      sourceLabel: 're-subscribe (WebForm)',
      receivingNumber: null,
      stillSuppressed: false,
      entryId: answer.entryId,
      occurredAt: new Date(entry.recorded_at).toISOString(),
    });
  });

  it('on an account route without scope lifts every account-level opt-out of the channel, and only those', async () => {
    const recipient = phone();
    await seed(recipient, { scope: 'accountLevelOnly' });
    await seed(recipient, { scope: 'entireAccount', source: 'import' });
    await seed(recipient, { scope: 'entireAccount', channel_type: 'WhatsApp' });
    await seed(recipient, { scope: 'subaccount', subaccount_id: s2 });
    const answer = await optIn(onAccount, recipient);
    expect(answer.lifted.map((o) => o.scope).sort()).toEqual(['accountLevelOnly', 'entireAccount']);
    // The subaccount S2 opt-out still blocks account-level sending.
    expect(answer.stillSuppressed).toBe(true);
    expect(await inForce(recipient)).toEqual(['entireAccount', 'subaccount']);
    const entry = (await h.entries(accountId)).at(-1)!;
    expect(entry).toMatchObject({ scope: 'entireAccount', subaccount_id: null });
    expect([...entry.lifted_entry_ids].sort()).toEqual(answer.lifted.map((o) => o.entryId).sort());
    expect((await h.outbox()).at(-1)!.payload).toMatchObject({ scope: 'accountWide', stillSuppressed: true, subaccountId: null });
  });

  it('on an account route with scope lifts that one; stillSuppressed while the other blocks', async () => {
    const recipient = phone();
    await seed(recipient, { scope: 'accountLevelOnly' });
    await seed(recipient, { scope: 'entireAccount' });
    const answer = await optIn(onAccount, recipient, { scope: 'accountLevelOnly', consentMethod: 'Verbal' });
    expect(answer.lifted.map((o) => o.scope)).toEqual(['accountLevelOnly']);
    expect(answer.stillSuppressed).toBe(true);
    expect((await h.outbox()).at(-1)!.payload).toMatchObject({ scope: 'accountLevelOnly', sourceLabel: 're-subscribe (Verbal)', stillSuppressed: true });
    expect((await optIn(onAccount, recipient, { scope: 'entireAccount' })).stillSuppressed).toBe(false);
  });

  it("stillSuppressed when a STOP reply still blocks the subaccount's sending", async () => {
    const recipient = phone();
    await seed(recipient, { scope: 'subaccount', subaccount_id: s1 });
    await seed(recipient, { scope: 'stopReply', subaccount_id: s1, receiving_number: N1, source: 'stop_reply' });
    const answer = await optIn(onS1, recipient);
    expect(answer.stillSuppressed).toBe(true);
    expect(await inForce(recipient)).toEqual(['stopReply']);
  });

  describe('refusals write nothing', () => {
    const refused = async (route: consentV1.ConsentRoute, recipient: string, over: Partial<consentV1.OptInRequest> = {}) => {
      const before = await h.stored();
      const rows = await h.optOuts(accountId);
      const error = await refusal(optIn(route, recipient, over));
      expect(await h.stored()).toEqual(before);
      expect(await h.optOuts(accountId)).toEqual(rows);
      return error;
    };

    it('409 RECIPIENT_NOT_OPTED_OUT when nothing blocks the recipient there', async () => {
      const recipient = phone();
      const error = await refused(onS1, recipient);
      expect(error).toMatchObject({ code: 'RECIPIENT_NOT_OPTED_OUT', status: 409 });
      // Opted out on another channel, or by a STOP to another subaccount's number: still nothing to lift here.
      await seed(recipient, { scope: 'subaccount', subaccount_id: s1, channel_type: 'WhatsApp' });
      await seed(recipient, { scope: 'stopReply', subaccount_id: s2, receiving_number: N1, source: 'stop_reply' });
      expect((await refused(onS1, recipient)).code).toBe('RECIPIENT_NOT_OPTED_OUT');
      expect((await refused(onAccount, recipient)).code).toBe('RECIPIENT_NOT_OPTED_OUT');
    });

    it('409 RECIPIENT_OPT_OUT_NOT_LIFTABLE for a STOP reply (subaccount and account numbers)', async () => {
      const recipient = phone();
      await seed(recipient, { scope: 'stopReply', subaccount_id: s1, receiving_number: N1, source: 'stop_reply' });
      const error = await refused(onS1, recipient);
      expect(error).toMatchObject({ code: 'RECIPIENT_OPT_OUT_NOT_LIFTABLE', status: 409 });
      expect(error.detail).toBe(`The recipient opted out by replying STOP to ${N1}; only their START reply lifts it.`);
      const other = phone();
      await seed(other, { scope: 'stopReply', subaccount_id: null, receiving_number: N1, source: 'stop_reply' });
      expect((await refused(onAccount, other)).code).toBe('RECIPIENT_OPT_OUT_NOT_LIFTABLE');
      expect((await refused(onAccount, other, { scope: 'entireAccount' })).code).toBe('RECIPIENT_OPT_OUT_NOT_LIFTABLE');
    });

    it('409 RECIPIENT_OPT_OUT_NOT_LIFTABLE for a removal made through support, even beside a liftable one', async () => {
      const recipient = phone();
      await seed(recipient, { scope: 'accountLevelOnly' });
      await seed(recipient, { scope: 'entireAccount', source: 'support' });
      const error = await refused(onAccount, recipient);
      expect(error.code).toBe('RECIPIENT_OPT_OUT_NOT_LIFTABLE');
      expect(error.detail).toBe('The opt-out was recorded through support; only support can lift it.');
      const onSub = phone();
      await seed(onSub, { scope: 'subaccount', subaccount_id: s1, source: 'support' });
      expect((await refused(onS1, onSub)).code).toBe('RECIPIENT_OPT_OUT_NOT_LIFTABLE');
    });

    it('409 RECIPIENT_OPT_OUT_NOT_LIFTABLE, saying where, for an opt-out this route cannot lift', async () => {
      const recipient = phone();
      await seed(recipient, { scope: 'entireAccount' });
      expect((await refused(onS1, recipient)).detail).toBe(
        'The opt-out that blocks the recipient here was recorded on the account (scope entireAccount); re-subscribe through the account route.',
      );
      expect((await refused(onAccount, recipient, { scope: 'accountLevelOnly' })).detail).toBe(
        'The opt-out that blocks the recipient here has scope entireAccount; re-subscribe with that scope, or without one.',
      );
      const sub = phone();
      await seed(sub, { scope: 'subaccount', subaccount_id: s2 });
      expect((await refused(onAccount, sub)).detail).toBe(
        `The opt-out that blocks the recipient here was recorded for subaccount ${s2}; re-subscribe through that subaccount's route.`,
      );
    });

    it.each([
      ['consentConfirmed false', { consentConfirmed: false }, ['consentConfirmed']],
      ['consentConfirmed missing', { consentConfirmed: undefined }, ['consentConfirmed']],
      ['an unknown consentMethod', { consentMethod: 'Email' }, ['consentMethod']],
      ['no consentMethod', { consentMethod: undefined }, ['consentMethod']],
      ['no consentEvidence', { consentEvidence: undefined }, ['consentEvidence']],
      ['blank consentEvidence', { consentEvidence: '   ' }, ['consentEvidence']],
      ['consentEvidence of 2001 characters', { consentEvidence: 'x'.repeat(2001) }, ['consentEvidence']],
      ['a scope on a subaccount route', { scope: 'subaccount' }, ['scope']],
      ['no recipient or channel', { recipient: undefined, channelType: undefined }, ['channelType', 'recipient']],
      ['all of them', { consentConfirmed: false, consentMethod: 'x', consentEvidence: '', scope: 'entireAccount' }, ['consentConfirmed', 'consentEvidence', 'consentMethod', 'scope']],
    ])('400 VALIDATION_FAILED for %s, naming the fields', async (_label, over, named) => {
      const recipient = phone();
      await seed(recipient, { scope: 'subaccount', subaccount_id: s1 });
      const error = await refused(onS1, recipient, over);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.extensions.errors!).sort()).toEqual(named);
    });

    it('400 VALIDATION_FAILED for an unknown scope on an account route', async () => {
      const recipient = phone();
      await seed(recipient, { scope: 'entireAccount' });
      const error = await refused(onAccount, recipient, { scope: 'accountWide' });
      expect(error.extensions.errors).toEqual({ scope: ['must be accountLevelOnly or entireAccount'] });
    });
  });

  it('accepts evidence of exactly 2000 characters, and each method', async () => {
    for (const consentMethod of ['WebForm', 'Written', 'Verbal', 'Text', 'Other']) {
      const recipient = phone();
      await seed(recipient, { scope: 'subaccount', subaccount_id: s1 });
      expect((await optIn(onS1, recipient, { consentMethod, consentEvidence: 'e'.repeat(2000) })).lifted).toHaveLength(1);
    }
  });
});
