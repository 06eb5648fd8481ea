import { accountActivated, startRoutingHarness, type RoutingHarness } from '../testing/routing.test-harness';

let h: RoutingHarness;

beforeAll(async () => {
  h = await startRoutingHarness();
});
afterAll(() => h.close());

describe('sandbox senders on AccountActivated', () => {
  it('provisions one Sms/WhatsApp number and one email sender, active', async () => {
    await h.publish(accountActivated('acc-1'));
    const rows = await h.waitForNumbers('acc-1');
    const phone = rows.find((r) => r.channel_types.includes('Sms'));
    const email = rows.find((r) => r.channel_types.includes('Email'));
    expect(phone).toMatchObject({ channel_types: ['Sms', 'WhatsApp'], status: 'active', subaccount_id: null });
    expect(phone.address).toMatch(/^\+1555\d{7}$/);
    expect(email).toMatchObject({ channel_types: ['Email'], status: 'active', subaccount_id: null });
    expect(email.address).toMatch(/^sender-[0-9a-f]{8}@sandbox\.messaging\.local$/);
  });

  it('provisions exactly once, even when activation is delivered twice or announced again', async () => {
    const first = accountActivated('acc-2');
    // A sentinel on the same key (so processed after the others) that provisions a different account.
    const sentinel = accountActivated('acc-2-sentinel', { key: 'acc-2' });
    await h.publish(first, first, accountActivated('acc-2'), sentinel);
    await h.waitForNumbers('acc-2-sentinel');
    expect(await h.db('numbers').where({ account_id: 'acc-2' })).toHaveLength(2);
  });

  it('gives every account a different number', async () => {
    await h.publish(accountActivated('acc-3'), accountActivated('acc-4'));
    const [a, b] = await Promise.all([h.waitForNumbers('acc-3'), h.waitForNumbers('acc-4')]);
    const all = await h.db('numbers').select('address');
    expect(new Set(all.map((r) => r.address)).size).toBe(all.length);
    expect(a.map((r) => r.address)).not.toEqual(b.map((r) => r.address));
  });

  it('ignores other identity events', async () => {
    await h.publish(
      { ...accountActivated('acc-5'), type: 'AccountRegistered' },
      accountActivated('acc-5-sentinel', { key: 'acc-5' }),
    );
    await h.waitForNumbers('acc-5-sentinel');
    expect(await h.db('numbers').where({ account_id: 'acc-5' })).toHaveLength(0);
  });
});

describe('outside sandbox', () => {
  it('provisions nothing on activation', async () => {
    const live = await startRoutingHarness({ sandbox: false });
    try {
      const activated = accountActivated('acc-live');
      // A sentinel on the same key: once it is processed, so is the activation before it (no wall-clock wait).
      const sentinel = accountActivated('acc-live-sentinel', { key: 'acc-live' });
      await live.publish(activated, sentinel);
      await live.waitForProcessed(sentinel.id);
      expect(await live.db('processed_events').where({ event_id: activated.id })).toHaveLength(1);
      expect(await live.db('numbers')).toHaveLength(0);
    } finally {
      await live.close();
    }
  });
});
