import type { messagingV1 } from '@mp/contracts';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';
import { refusal } from '../testing/refusal';

const SUB_A = '11111111-1111-4111-8111-111111111111';
const DAY_SECONDS = 24 * 3600;

describe('Idempotency-Key on sends (embedded database)', () => {
  let database: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    h = await startHarness(database, { DISPATCH_ENABLED: false });
  });
  afterEach(() => h.close());

  const count = async (table: string) => Number((await h.db(table).count({ n: '*' }))[0].n);
  const accepted = async () => Number((await h.db('outbox').where({ type: 'MessageAccepted' }).count({ n: '*' }))[0].n);
  const used = async () => Number((await h.db('quota_usage').where({ period: 'day' }).sum({ n: 'used' }))[0].n ?? 0);
  const send = (key: string | undefined, overrides: Partial<messagingV1.SendMessageRequest> = {}) =>
    h.send({ idempotencyKey: key, ...overrides });

  it('replays the first message for the same key and request: nothing stored, counted or emitted again', async () => {
    const first = await send('order-1');
    h.clock.advance(3600);
    const again = await send('order-1');
    expect(again.messageId).toBe(first.messageId);
    expect(again).toMatchObject({ status: 'queued', destination: first.destination, createdAt: first.createdAt });
    expect(await count('messages')).toBe(1);
    expect(await accepted()).toBe(1);
    expect(await used()).toBe(1);
    expect(await h.db('messages').first('idempotency_key')).toEqual({ idempotency_key: 'order-1' });
  });

  it('replays across the routes: the account route naming a subaccount and that subaccount route are one request', async () => {
    const first = await send('k', { subaccountId: SUB_A });
    const again = await send('k', { subaccountId: SUB_A, subaccountRoute: true });
    expect(again.messageId).toBe(first.messageId);
  });

  it('answers CONFLICT for the same key with another request, storing nothing', async () => {
    await send('order-2');
    for (const other of [{ body: 'another text' }, { subaccountId: SUB_A }, { clientReference: 'x' }, { inReplyToInboundMessageId: '22222222-2222-4222-8222-222222222222' }]) {
      const error = await refusal(send('order-2', other));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toMatch(/Idempotency-Key was already used with another request/);
    }
    expect(await count('messages')).toBe(1);
    expect(await accepted()).toBe(1);
    expect(await used()).toBe(1);
  });

  it('frees the key after 24 hours by the sandbox clock: a new message, the key row replaced', async () => {
    const first = await send('daily');
    h.clock.advance(DAY_SECONDS - 1);
    expect((await send('daily')).messageId).toBe(first.messageId);
    h.clock.advance(1);
    const fresh = await send('daily', { body: 'a new day' });
    expect(fresh.messageId).not.toBe(first.messageId);
    expect(await count('messages')).toBe(2);
    expect(await count('message_idempotency_keys')).toBe(1);
    expect((await send('daily', { body: 'a new day' })).messageId).toBe(fresh.messageId);
  });

  it('scopes keys to the account: another account may use the same key', async () => {
    const first = await send('shared');
    const other = await startHarness(database, { DISPATCH_ENABLED: false });
    try {
      const theirs = await other.send({ idempotencyKey: 'shared' });
      expect(theirs.messageId).not.toBe(first.messageId);
    } finally {
      await other.messaging.dispatcher.stop();
      await other.carrier.stop();
    }
  });

  it('sends twice without a key (not idempotent by default)', async () => {
    const a = await send(undefined);
    const b = await send(undefined);
    expect(a.messageId).not.toBe(b.messageId);
    expect(await count('messages')).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not printable ASCII', 'clé'],
    ['a control character', 'a\tb'],
  ])('refuses a key that is %s: VALIDATION_FAILED naming Idempotency-Key, nothing stored', async (_name, key) => {
    const error = await refusal(send(key));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.extensions).toEqual({ errors: { 'Idempotency-Key': ['must be 1 to 255 printable ASCII characters'] } });
    expect(await count('messages')).toBe(0);
    expect(await count('message_idempotency_keys')).toBe(0);
  });

  it('accepts a key of 255 printable characters', async () => {
    await send('~'.repeat(255));
    expect(await count('message_idempotency_keys')).toBe(1);
  });

  it('remembers no refused send: after QUOTA_EXCEEDED the same key sends once the quota allows', async () => {
    h.clients.standing = { ...h.clients.standing, dailyQuota: 0 };
    expect((await refusal(send('q'))).code).toBe('QUOTA_EXCEEDED');
    expect(await count('message_idempotency_keys')).toBe(0);
    h.clients.standing = { ...h.clients.standing, dailyQuota: 5 };
    await send('q');
    expect(await count('messages')).toBe(1);
  });

  it('20 racing sends with one key: one message, one count, one event, every answer the same messageId', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('race')));
    expect(new Set(answers.map((m) => m.messageId)).size).toBe(1);
    expect(await count('messages')).toBe(1);
    expect(await accepted()).toBe(1);
    expect(await used()).toBe(1);
  });
});
