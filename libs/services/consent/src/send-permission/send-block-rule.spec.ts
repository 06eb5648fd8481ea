import type { OptOut, OptOutScope } from '../opt-outs/opt-out';
import { matrixCases, matrixPlacements } from '../testing/send-matrix';
import { blockReason, findBlockingOptOut, isSendBlocked, placementBlocks, type SendAttempt } from './send-block-rule';

const ACCOUNT = 'acc-1';
const S1 = 'sub-1';
const S2 = 'sub-2';
const N1 = '+15550000001'; // received the STOP
const N2 = '+15550000002';
const RECIPIENT = '+15557654321';

const optOut = (scope: OptOutScope, over: Partial<OptOut> = {}): OptOut => ({
  accountId: ACCOUNT,
  subaccountId: null,
  recipient: RECIPIENT,
  channelType: 'Sms',
  scope,
  receivingNumber: null,
  ...over,
});

const attempt = (over: Partial<SendAttempt> = {}): SendAttempt => ({ accountId: ACCOUNT, channelType: 'Sms', recipient: RECIPIENT, ...over });

const IDS = { s1: S1, s2: S2, n1: N1, n2: N2 };
const PLACEMENTS = matrixPlacements(IDS, { accountId: ACCOUNT, recipient: RECIPIENT, channelType: 'Sms' });
const cases = matrixCases(IDS);

describe('isSendBlocked (spec 4.7 rule 3)', () => {
  it('covers every placement in every context', () => {
    expect(cases).toHaveLength(Object.keys(PLACEMENTS).length * 9);
    expect(new Set(cases.map((c) => c.placement))).toEqual(new Set(Object.keys(PLACEMENTS)));
  });

  it.each(cases)('$placement, sending from $fromLabel as $subLabel: blocked=$blocked', ({ placement, subaccountId, fromAddress, blocked }) => {
    const request = attempt({ subaccountId, fromAddress });
    expect(placementBlocks(PLACEMENTS[placement], request)).toBe(blocked);
    expect(isSendBlocked([PLACEMENTS[placement]], request)).toBe(blocked);
  });

  it('allows when there is no opt-out', () => {
    expect(isSendBlocked([], attempt())).toBe(false);
  });

  it('treats a null or empty subaccount as account-level sending', () => {
    expect(isSendBlocked([optOut('accountLevelOnly')], attempt({ subaccountId: null }))).toBe(true);
    expect(isSendBlocked([optOut('accountLevelOnly')], attempt({ subaccountId: '' }))).toBe(true);
    expect(isSendBlocked([optOut('stopReply', { receivingNumber: N1 })], attempt({ fromAddress: '' }))).toBe(true);
  });

  it('applies only to the same recipient, channel and account', () => {
    const everywhere = [optOut('entireAccount')];
    expect(isSendBlocked(everywhere, attempt({ recipient: '+15550009999' }))).toBe(false);
    expect(isSendBlocked(everywhere, attempt({ channelType: 'WhatsApp' }))).toBe(false);
    expect(isSendBlocked(everywhere, attempt({ accountId: 'acc-2' }))).toBe(false);
  });

  it('compares e-mail addresses without case and addresses without surrounding spaces', () => {
    const email = [optOut('entireAccount', { recipient: 'Ann@Example.com', channelType: 'Email' })];
    expect(isSendBlocked(email, attempt({ recipient: 'ann@example.COM', channelType: 'Email' }))).toBe(true);
    expect(isSendBlocked(email, attempt({ recipient: ' ann@example.com ', channelType: 'email' }))).toBe(true);
    const stop = [optOut('stopReply', { receivingNumber: N1 })];
    expect(isSendBlocked(stop, attempt({ fromAddress: ` ${N1}` }))).toBe(true);
  });

  it('is blocked when any one of several opt-outs blocks', () => {
    const optOuts = [optOut('subaccount', { subaccountId: S1 }), optOut('stopReply', { subaccountId: S2, receivingNumber: N2 })];
    expect(isSendBlocked(optOuts, attempt({ subaccountId: S2, fromAddress: N2 }))).toBe(true);
    expect(findBlockingOptOut(optOuts, attempt({ subaccountId: S2, fromAddress: N2 }))).toBe(optOuts[1]);
    expect(isSendBlocked(optOuts, attempt({ subaccountId: S2, fromAddress: N1 }))).toBe(false);
  });

  it('blocks on a scope it does not know rather than sending', () => {
    expect(isSendBlocked([optOut('somethingNew' as OptOutScope)], attempt({ subaccountId: S1 }))).toBe(true);
  });

  it.each([
    [optOut('stopReply', { receivingNumber: N1 }), `recipient opted out by replying STOP to ${N1}`],
    [optOut('entireAccount'), 'recipient opted out of the entire account'],
    [optOut('accountLevelOnly'), 'recipient opted out of account-level sending'],
    [optOut('subaccount', { subaccountId: S1 }), `recipient opted out of subaccount ${S1}`],
  ])('explains %#', (o, reason) => {
    expect(blockReason(o)).toBe(reason);
  });
});
