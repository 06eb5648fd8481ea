import { ApiClient } from './support/api-client';
import { freshDestination, signUp, type SignedUpUser } from './support/journeys';
import { postStripeCallback, stripeSubscriptionEvent as stripeEvent } from './support/payment-processor';
import { sharedPlatform } from './support/platform-fixture';

/**
 * Issue 27, point 9: once the platform answered 2xx to a payment processor's
 * subscription callback, the account's very next send is judged by the new
 * standing, with no wait, while other accounts' traffic keeps the event relay
 * and consumers busy (on PostgreSQL that traffic let a send see the old
 * standing). docs/service-contracts.md "Subscriptions from the payment processor".
 */
jest.setTimeout(180_000);

let api: ApiClient;

beforeAll(async () => {
  api = (await sharedPlatform()).api;
});

const postStripe = (raw: string) => postStripeCallback(api, raw);

async function withSubaccount(user: SignedUpUser): Promise<string> {
  const res = await api.post(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken, body: { name: 'Traffic', dailyQuota: 1000, monthlyQuota: 10000 } });
  expect(res.status).toBe(201);
  return res.body.subaccountId;
}
const send = (user: SignedUpUser, subaccountId: string) =>
  api.post(`/v1/subaccounts/${subaccountId}/messages`, { token: user.accessToken, body: { to: freshDestination(), body: 'standing' } });

/** Other accounts' sends, each with its lifecycle (dispatch, carrier, receipts) and events. */
function burst(senders: Array<{ user: SignedUpUser; sub: string }>, perSender: number): Promise<number[]> {
  return Promise.all(senders.flatMap(({ user, sub }) => Array.from({ length: perSender }, async () => (await send(user, sub)).status)));
}

describe('a subscription callback acknowledged is what the next send sees (issue 27)', () => {
  it('deleted: the next send is 402; restored: the next send is accepted, with no wait, under other traffic', async () => {
    const others = await Promise.all([1, 2, 3].map(async (i) => {
      const user = await signUp(api, `standing-traffic-${i}`);
      return { user, sub: await withSubaccount(user) };
    }));
    const user = await signUp(api, 'standing-acknowledged');
    const sub = await withSubaccount(user);
    // Held by messaging's standing cache from here on.
    expect((await send(user, sub)).status).toBe(201);

    // Stripe's times are whole seconds; each round's events are later than the last round's.
    let created = Math.floor(Date.now() / 1000);
    for (let round = 0; round < 3; round++) {
      expect(await burst(others, 10)).toEqual(expect.arrayContaining([201]));
      const during = burst(others, 5); // and some still in flight while the callback is handled

      const deleted = await postStripe(stripeEvent('customer.subscription.deleted', user.accountId, 'canceled', ++created));
      expect(deleted.status).toBe(200);
      const refused = await send(user, sub);
      expect({ round, status: refused.status, code: refused.body?.code }).toEqual({ round, status: 402, code: 'NO_ACTIVE_SUBSCRIPTION' });

      const restored = await postStripe(stripeEvent('customer.subscription.updated', user.accountId, 'active', ++created));
      expect(restored.status).toBe(200);
      expect({ round, status: (await send(user, sub)).status }).toEqual({ round, status: 201 });
      // Sends after the restore fill messaging's cache again, for the next round's deletion to find.
      expect((await send(user, sub)).status).toBe(201);
      await during;
    }
  });
});
