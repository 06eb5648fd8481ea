import { ApiClient } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';

// Issue 28 point 7: the sandbox carrier behaviours the simulator's SMSC plays for SMPP's field
// problems are set through the public API like the first five (docs/service-contracts.md
// "Sandbox carrier behaviour"), and an outcome nobody plays is refused before it reaches the simulator.

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'carrier-behaviors');
});

/** Every outcome the public API takes, in the order the contract lists them. */
const OUTCOMES = ['delivered', 'undelivered', 'failed', 'no-receipt', 'unavailable', 'throttled', 'receipt-before-response', 'receipt-last-part-only', 'drop-connection'];
const SMPP_FIELD_PROBLEMS = ['throttled', 'receipt-before-response', 'receipt-last-part-only', 'drop-connection'];

const setBehavior = (destination: string, body: unknown) =>
  api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(destination)}`, { token: user.accessToken, body });

/** What the carrier simulator keeps for this account and destination: what its carriers will play. */
const stored = (destination: string) =>
  booted.platform.adapters.databases
    .forSchema('carrier_simulator')('carrier_behaviors')
    .where({ account_id: user.accountId, destination })
    .select('outcome', 'after_seconds');

describe('sandbox carrier behaviours through the public API', () => {
  it.each(SMPP_FIELD_PROBLEMS)('sets %s for a destination: answered back and kept by the simulator for this account', async (outcome) => {
    const destination = freshDestination();
    const set = await setBehavior(destination, { outcome, afterSeconds: 7 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ destination, outcome, afterSeconds: 7 });
    expect(await stored(destination)).toEqual([{ outcome, after_seconds: 7 }]);

    // Set again, it replaces the behaviour (one per account and destination), default afterSeconds 1.
    const again = await setBehavior(destination, { outcome });
    expect(again.body).toEqual({ destination, outcome, afterSeconds: 1 });
    expect(await stored(destination)).toEqual([{ outcome, after_seconds: 1 }]);
  });

  it('publishes every outcome in the served contract', async () => {
    const doc = await api.get('/openapi/public.json');
    expect(doc.status).toBe(200);
    expect(doc.body.components.schemas.CarrierOutcome.enum).toEqual(OUTCOMES);
  });

  it('refuses an outcome nobody plays with 400 VALIDATION_FAILED naming outcome, and keeps the behaviour set before', async () => {
    const destination = freshDestination();
    expect((await setBehavior(destination, { outcome: 'drop-connection', afterSeconds: 3 })).status).toBe(200);
    for (const outcome of ['dropped-connection', 'THROTTLED', 'receipt-first', '']) {
      const refused = await setBehavior(destination, { outcome, afterSeconds: 9 });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: { outcome: [`must be one of ${OUTCOMES.join(', ')}`] } });
      expect(Object.keys(refused.body.errors)).toEqual(['outcome']);
    }
    expect(await stored(destination)).toEqual([{ outcome: 'drop-connection', after_seconds: 3 }]);

    // A destination that had none still has none.
    const untouched = freshDestination();
    expect((await setBehavior(untouched, { outcome: 'throttle' })).status).toBe(400);
    expect(await stored(untouched)).toEqual([]);
  });

  it.each(['receipt-before-response', 'receipt-last-part-only'])('delivers a one-part SMS to a destination set to %s (SMPP or the HTTP Carrier API alike)', async (outcome) => {
    await sandboxNumber(api, user.accessToken);
    const destination = freshDestination();
    expect((await setBehavior(destination, { outcome, afterSeconds: 0 })).status).toBe(200);
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { destination, body: `played as ${outcome}` } });
    expect(sent.status).toBe(201);
    const done = await waitForStatus(api, user, sent.body.messageId, ['delivered', 'undelivered', 'failed']);
    expect(done.body.status).toBe('delivered');
  });
});
