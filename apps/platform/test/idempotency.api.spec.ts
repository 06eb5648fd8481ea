import { ApiClient } from './support/api-client';
import { freshDestination, sandboxNumber, type SignedUpUser, signUp, waitForStatus } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let subaccountId: string;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'idempotency');
  await sandboxNumber(api, user.accessToken);
  const sub = await api.post(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken, body: { name: 'Shop' } });
  subaccountId = sub.body.subaccountId;
}, 60_000);


const send = (key: string | undefined, body: Record<string, unknown>, path = `/v1/accounts/${user.accountId}/messages`) =>
  api.post(path, { token: user.accessToken, body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });
const messagesStored = () => countRows(booted.platform, 'messaging', 'messages', { account_id: user.accountId });
const carrierGot = (to: string) => countRows(booted.platform, 'carrier_simulator', 'carrier_submissions', { to_address: to });
const accepted = (messageId: string) => countRows(booted.platform, 'messaging', 'outbox', { key: messageId, type: 'MessageAccepted' });

async function signInAgain(): Promise<void> {
  const login = await api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
  expect(login.status).toBe(200);
  user = { ...user, ...login.body };
}

describe('Idempotency-Key on sends', () => {
  it('replays the first message for the same key and body: same messageId, 201, nothing more stored or sent', async () => {
    const to = freshDestination();
    const first = await send('order-1001', { to, body: 'Your order shipped' });
    expect(first.status).toBe(201);
    await waitForStatus(api, user, first.body.messageId, ['delivered']);
    const before = await messagesStored();
    const again = await send('order-1001', { to, body: 'Your order shipped' });
    expect(again.status).toBe(201);
    expect(again.body.messageId).toBe(first.body.messageId);
    // The message as it is now.
    expect(again.body.status).toBe('delivered');
    expect(await messagesStored()).toBe(before);
    expect(await carrierGot(to)).toBe(1);
    expect(await accepted(first.body.messageId)).toBe(1);
  });

  it('shares keys between the account route and the subaccount route of the same request', async () => {
    const to = freshDestination();
    const first = await send('shop-1', { to, body: 'x', subaccountId });
    const again = await send('shop-1', { to, body: 'x' }, `/v1/subaccounts/${subaccountId}/messages`);
    expect(again.status).toBe(201);
    expect(again.body.messageId).toBe(first.body.messageId);
  });

  it('answers 409 CONFLICT for the same key with another body, storing and sending nothing', async () => {
    const to = freshDestination();
    await send('order-1002', { to, body: 'first' });
    const before = await messagesStored();
    const res = await send('order-1002', { to, body: 'changed' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', status: 409, instance: `/v1/accounts/${user.accountId}/messages` });
    expect(res.body.detail).toMatch(/Idempotency-Key was already used with another request/);
    expect(res.body.type).toMatch(/\/problems\/conflict$/);
    expect(await messagesStored()).toBe(before);
  });

  it.each([
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'schlüssel'],
  ])('refuses a key that is %s: 400 VALIDATION_FAILED naming Idempotency-Key, nothing stored', async (_name, key) => {
    const before = await messagesStored();
    // fetch refuses non-Latin-1 header text, so send its UTF-8 bytes as a Latin-1 string, as a client would put them on the wire.
    const res = await send(Buffer.from(key, 'utf8').toString('latin1'), { to: freshDestination(), body: 'x' });
    expect(res.status).toBe(400);
    // Over the published maxLength the edge refuses it ("must be at most 255 characters"); other faults, the service.
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'Idempotency-Key': [expect.stringMatching(/^must be (1 to 255 printable ASCII|at most 255) characters$/)] } });
    expect(await messagesStored()).toBe(before);
  });

  it('sends again without the header: submission is not idempotent by default', async () => {
    const to = freshDestination();
    const a = await send(undefined, { to, body: 'same' });
    const b = await send(undefined, { to, body: 'same' });
    expect(a.body.messageId).not.toBe(b.body.messageId);
  });

  it('racing identical requests with one key store one message', async () => {
    const to = freshDestination();
    const before = await messagesStored();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('race-1', { to, body: 'race' })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => r.body.messageId)).size).toBe(1);
    expect(await messagesStored()).toBe(before + 1);
    await waitForStatus(api, user, answers[0].body.messageId, ['delivered']);
    expect(await carrierGot(to)).toBe(1);
  });

  it('frees the key after 24 hours by the sandbox clock: it then sends a new message', async () => {
    const to = freshDestination();
    const first = await send('daily-report', { to, body: 'day one' });
    expect(first.status).toBe(201);
    const advanced = await api.post('/v1/sandbox/clock/advance', { token: user.accessToken, body: { seconds: 24 * 3600 } });
    expect(advanced.status).toBe(200);
    await signInAgain();
    const next = await send('daily-report', { to, body: 'day two' });
    expect(next.status).toBe(201);
    expect(next.body.messageId).not.toBe(first.body.messageId);
    const replay = await send('daily-report', { to, body: 'day two' });
    expect(replay.body.messageId).toBe(next.body.messageId);
  });
});
