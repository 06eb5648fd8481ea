import { randomUUID } from 'node:crypto';
import type { Principal } from '@mp/grpc';
import type { ConsentEntryRow } from './consent-entry';
import { accountRoute, messageReceived, principalsOf, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';

const accountId = randomUUID();
const s1 = randomUUID();
const N1 = '+15550000001';
const R = '+15551110000';
const { admin } = principalsOf(accountId, s1);
const messaging: Principal = { kind: 'service', accountId: '', service: 'messaging' };
const onS1 = subaccountRoute(accountId, s1);
const onAccount = accountRoute(accountId);
const evidence = { consentConfirmed: true, consentMethod: 'Other', consentEvidence: 'ticket 42' };

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

/** The opt-outs in force as the ledger alone tells them: recorded entries not lifted by a later one. */
function inForceByLedger(entries: ConsentEntryRow[]): Set<string> {
  const lifted = new Set(entries.flatMap((e) => e.lifted_entry_ids));
  return new Set(entries.filter((e) => e.action === 'opted_out' && !lifted.has(e.entry_id)).map((e) => e.entry_id));
}

describe('the consent ledger', () => {
  const stop = messageReceived({ accountId, subaccountId: s1, from: R, to: N1, keyword: 'Stop' });
  const steps: Array<[string, () => Promise<unknown>, number]> = [
    ['an opt-out on S1', () => h.call('recordOptOut', admin, { route: onS1, recipient: R, channelType: 'Sms' }), 1],
    ['the same opt-out again', () => h.call('recordOptOut', admin, { route: onS1, recipient: R, channelType: 'Sms' }), 0],
    ['an entireAccount opt-out', () => h.call('recordOptOut', admin, { route: onAccount, recipient: R, channelType: 'Sms', scope: 'entireAccount' }), 1],
    ['a STOP reply', () => h.reply(stop), 1],
    ['the STOP again', () => h.reply(stop), 0],
    ['a later STOP, taking the first over', () => h.reply(messageReceived({ accountId, subaccountId: s1, from: R, to: N1, keyword: 'Stop' })), 1],
    ['a re-subscribe on S1', () => h.call('optIn', admin, { route: onS1, recipient: R, channelType: 'Sms', ...evidence }), 1],
    ['a refused re-subscribe', () => h.call('optIn', admin, { route: onS1, recipient: R, channelType: 'Sms', ...evidence }).catch(() => undefined), 0],
    ['a START reply', () => h.reply(messageReceived({ accountId, from: R, to: N1, keyword: 'Start' })), 1],
    ['an evidence record', () => h.call('createOptInRecord', admin, { route: onAccount, phoneNumber: R, optedInAt: '2026-01-01T00:00:00Z', method: 'Paper' }), 1],
    ['a re-subscribe on the account', () => h.call('optIn', admin, { route: onAccount, recipient: R, channelType: 'Sms', ...evidence }), 1],
  ];

  it('grows by one entry per change, never changes an entry, and derives the opt-outs in force', async () => {
    let before: ConsentEntryRow[] = [];
    for (const [label, step, added] of steps) {
      await step();
      const after = await h.entries(accountId);
      expect({ label, added: after.length - before.length }).toEqual({ label, added });
      expect({ label, earlier: after.slice(0, before.length) }).toEqual({ label, earlier: before });
      const projection = new Set((await h.optOuts(accountId)).map((o) => o.entry_id));
      expect({ label, projection }).toEqual({ label, projection: inForceByLedger(after) });
      before = after;
    }
    expect(before.map((e) => `${e.action}/${e.source}`)).toEqual([
      'opted_out/customer',
      'opted_out/customer',
      'opted_out/stop_reply',
      'opted_out/stop_reply',
      'resubscribed/customer',
      'resubscribed/start_reply',
      'evidence_recorded/customer',
      'resubscribed/customer',
    ]);
  });

  it('refuses to update or delete an entry, whoever asks', async () => {
    const [first] = await h.entries(accountId);
    await expect(h.db('consent_entries').where({ entry_id: first.entry_id }).update({ reason: 'rewritten' })).rejects.toThrow(/append-only/);
    await expect(h.db('consent_entries').where({ entry_id: first.entry_id }).del()).rejects.toThrow(/append-only/);
    expect((await h.entries(accountId))[0]).toEqual(first);
  });

  it('keeps every opt-out and evidence record naming an entry that exists, however many rows a statement writes', async () => {
    const { optOut: inForce } = await h.call('recordOptOut', admin, { route: onAccount, recipient: '+15551119000', channelType: 'Sms', scope: 'accountLevelOnly' });
    const [entry] = await h.entries(accountId);
    const optOut = (recipient: string, entryId: string) => ({
      id: randomUUID(),
      account_id: accountId,
      subaccount_id: null,
      recipient,
      channel_type: 'Sms',
      scope: 'accountLevelOnly',
      receiving_number: null,
      source: 'import',
      reason: null,
      created_at: new Date(),
      entry_id: entryId,
    });
    const before = await h.stored();
    await expect(h.db('opt_outs').insert([optOut('+15551119001', entry.entry_id), optOut('+15551119002', randomUUID())])).rejects.toThrow(/foreign key/);
    const record = { record_id: randomUUID(), account_id: accountId, subaccount_id: null, phone_number: R, opted_in_at: new Date(), method: 'x', created_at: new Date(), entry_id: randomUUID() };
    await expect(h.db('opt_in_records').insert(record)).rejects.toThrow(/foreign key/);
    await expect(h.db('opt_outs').where({ id: inForce!.optOutId }).update({ entry_id: randomUUID() })).rejects.toThrow(/foreign key/);
    expect(await h.stored()).toEqual(before);
  });

  it('names in CheckSendPermission the entry that decided: the blocking opt-out, else the latest entry, else none', async () => {
    const recipient = '+15551110001';
    const ask = () => h.call('checkSendPermission', messaging, { accountId, recipient, channelType: 'Sms' });
    expect(await ask()).toEqual({ allowed: true, decidedByEntryId: undefined });
    const { optOut } = await h.call('recordOptOut', admin, { route: onAccount, recipient, channelType: 'Sms', scope: 'accountLevelOnly' });
    expect(await ask()).toEqual({ allowed: false, reason: 'recipient opted out of account-level sending', decidedByEntryId: optOut!.entryId });
    const { entryId } = await h.call('optIn', admin, { route: onAccount, recipient, channelType: 'Sms', ...evidence });
    expect(await ask()).toEqual({ allowed: true, decidedByEntryId: entryId });
    // Another channel's entries do not decide this one.
    expect((await h.call('checkSendPermission', messaging, { accountId, recipient, channelType: 'WhatsApp' })).decidedByEntryId).toBeUndefined();
  });
});
