import { SandboxClock } from '@mp/clock';
import type { identityV1, messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { QuotaLedger } from '../quota/quota-ledger';
import { DEFAULT_PRICE_TABLE } from '../rules';
import type { MessagingClients } from '../messaging-clients';
import { AcceptanceWriter } from './acceptance-writer';
import { sendMessage, type SendMessageDeps } from './send-message.usecase';
import { refusal } from '../testing/refusal';

const ACCOUNT = '7b0e8f52-3c1c-4b7e-9a36-2f4c8c1d9e01';
const SUB_A = '11111111-1111-4111-8111-111111111111';
const SUB_B = '22222222-2222-4222-8222-222222222222';

function setup(standing: Partial<identityV1.SendingStanding> = {}) {
  const transaction = jest.fn(() => Promise.reject(new Error('not stored in this test')));
  const getSendingStanding = jest.fn(async () => ({ accountStatus: 'active', subscriptionActive: true, ...standing }));
  const enqueue = jest.fn();
  const onQueued = jest.fn();
  const db = { transaction } as unknown as Knex;
  const quota = new QuotaLedger();
  const deps: SendMessageDeps = {
    db,
    outbox: { enqueue },
    clock: new SandboxClock(),
    clients: { identity: { getSendingStanding }, routing: { getRoutingPolicy: async () => ({ isEnabled: false }) } } as unknown as MessagingClients,
    priceTable: DEFAULT_PRICE_TABLE,
    quota,
    acceptances: new AcceptanceWriter(db, { enqueue }, quota),
    onQueued,
  };
  return { deps, transaction, getSendingStanding, enqueue, onQueued };
}

const user: Principal = { kind: 'user', accountId: ACCOUNT, userId: 'u1', role: 'Admin' };

function request(overrides: Partial<messagingV1.SendMessageRequest> = {}): messagingV1.SendMessageRequest {
  return { accountId: ACCOUNT, subaccountRoute: false, templateParameters: {}, destination: '+14155550123', body: 'hi', ...overrides };
}

describe('sendMessage refusals store nothing', () => {
  it.each([
    ['a bad field', 'VALIDATION_FAILED', request({ destination: 'nope' })],
    ['sendAt too soon', 'SEND_AT_OUT_OF_RANGE', request({ sendAt: new Date(Date.now() + 1000).toISOString().replace(/\.\d+Z$/, 'Z') })],
  ])('%s: %s, before asking identity', async (_name, code, req) => {
    const { deps, transaction, getSendingStanding, enqueue } = setup();
    expect((await refusal(sendMessage(deps, user, req))).code).toBe(code);
    expect(getSendingStanding).not.toHaveBeenCalled();
    expect(transaction).not.toHaveBeenCalled();
    expect(enqueue).not.toHaveBeenCalled();
  });

  it.each([
    ['another account', { ...user, accountId: '99999999-9999-4999-8999-999999999999' }, request()],
    ['a key limited to a subaccount, on the account route', { ...user, subaccountId: SUB_A }, request()],
    ['a key limited to another subaccount', { ...user, subaccountId: SUB_A }, request({ subaccountRoute: true, subaccountId: SUB_B })],
    ['a subaccount route without a usable id', user, request({ subaccountRoute: true, subaccountId: 'x' })],
  ])('%s: NOT_FOUND', async (_name, principal, req) => {
    const { deps, transaction, getSendingStanding } = setup();
    const error = await refusal(sendMessage(deps, principal, req));
    expect(error.code).toBe('NOT_FOUND');
    expect(getSendingStanding).not.toHaveBeenCalled();
    expect(transaction).not.toHaveBeenCalled();
  });

  it('an inactive account: ACCOUNT_INACTIVE', async () => {
    const { deps, transaction, getSendingStanding } = setup({ accountStatus: 'pending' });
    const error = await refusal(sendMessage(deps, user, request({ subaccountId: SUB_A })));
    expect(error.code).toBe('ACCOUNT_INACTIVE');
    expect(getSendingStanding).toHaveBeenCalledWith({ accountId: ACCOUNT, subaccountId: SUB_A }, { principal: user });
    expect(transaction).not.toHaveBeenCalled();
  });

  it('no active subscription: 402 NO_ACTIVE_SUBSCRIPTION', async () => {
    const { deps, transaction } = setup({ subscriptionActive: false });
    const error = await refusal(sendMessage(deps, user, request()));
    expect([error.code, error.status]).toEqual(['NO_ACTIVE_SUBSCRIPTION', 402]);
    expect(transaction).not.toHaveBeenCalled();
  });

  it('identity errors pass through unchanged', async () => {
    const { deps, getSendingStanding, transaction } = setup();
    getSendingStanding.mockRejectedValueOnce(DomainError.notFound('Subaccount'));
    expect((await refusal(sendMessage(deps, user, request({ subaccountId: SUB_B })))).code).toBe('NOT_FOUND');
    expect(transaction).not.toHaveBeenCalled();
  });
});
