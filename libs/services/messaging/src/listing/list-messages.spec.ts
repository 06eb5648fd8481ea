import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';
import { refusal } from '../testing/refusal';

const SUB_A = '11111111-1111-4111-8111-111111111111';
const SUB_B = '22222222-2222-4222-8222-222222222222';

describe('listing messages (embedded database)', () => {
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

  /** Sends `n` messages one second apart; returns their ids, oldest first. */
  const sendMany = async (n: number, overrides: Partial<messagingV1.SendMessageRequest> = {}) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) {
      ids.push((await h.send({ clientReference: `ref-${i}`, ...overrides })).messageId);
      h.clock.advance(1);
    }
    return ids;
  };
  const ids = (page: messagingV1.ListMessagesResponse) => page.items.map((m) => m.messageId);

  it('lists newest first with history, and pages without duplicates or gaps', async () => {
    const sent = await sendMany(7);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await h.list({ pageSize: '3', cursor });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...sent].reverse());
    const first = (await h.list({ pageSize: '1' })).items[0];
    expect(first).toMatchObject({ messageId: sent[6], status: 'queued', clientReference: 'ref-6' });
    expect(first.auditTrail.map((a) => a.event)).toEqual(['accepted']);
  });

  it('breaks ties of the same instant by id, still without duplicates or gaps', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 5; i += 1) sent.push((await h.send()).messageId);
    // The sandbox clock runs on in real time: put them at one instant by hand.
    await h.db('messages').update({ created_at: h.clock.now() });
    const first = await h.list({ pageSize: '2' });
    const second = await h.list({ pageSize: '2', cursor: first.nextCursor });
    const third = await h.list({ pageSize: '2', cursor: second.nextCursor });
    expect(third.nextCursor).toBeUndefined();
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual([...sent].sort().reverse());
  });

  it('filters by status, clientReference, subaccount and date range (from inclusive, to exclusive)', async () => {
    const start = h.clock.now();
    const [a0, a1] = await sendMany(2, { subaccountId: SUB_A });
    const [b0] = await sendMany(1, { subaccountId: SUB_B });
    await h.cancel((await h.send({ sendAt: new Date(h.clock.now().getTime() + 120_000).toISOString() })).messageId);
    expect(ids(await h.list({ subaccountId: SUB_A }))).toEqual([a1, a0]);
    expect(ids(await h.list({ clientReference: 'ref-0' }))).toEqual([b0, a0]);
    expect((await h.list({ status: 'canceled' })).items.map((m) => m.status)).toEqual(['canceled']);
    const t1 = new Date(start.getTime() + 1000).toISOString();
    const t2 = new Date(start.getTime() + 2000).toISOString();
    expect(ids(await h.list({ from: t1, to: t2 }))).toEqual([a1]);
    expect(ids(await h.list({ to: t1 }))).toEqual([a0]);
    // The same instants written with another offset select the same messages.
    const inBerlinWinter = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString().replace('Z', '+01:00');
    expect(ids(await h.list({ from: inBerlinWinter(t1), to: inBerlinWinter(t2) }))).toEqual([a1]);
    expect(await h.list({ status: 'delivered' })).toEqual({ items: [], nextCursor: undefined });
  });

  it('limits a caller limited to a subaccount to its messages, on both routes', async () => {
    const [a0] = await sendMany(1, { subaccountId: SUB_A });
    await sendMany(1, { subaccountId: SUB_B });
    await sendMany(1);
    const limited: Principal = { ...h.principal, subaccountId: SUB_A };
    expect(ids(await h.list({}, limited))).toEqual([a0]);
    expect(ids(await h.list({ subaccountId: SUB_A }, limited))).toEqual([a0]);
    expect(ids(await h.list({ subaccountRoute: true, subaccountId: SUB_A }, limited))).toEqual([a0]);
    expect((await refusal(h.list({ subaccountId: SUB_B }, limited))).code).toBe('NOT_FOUND');
    expect((await refusal(h.list({ subaccountRoute: true, subaccountId: SUB_B }, limited))).code).toBe('NOT_FOUND');
    expect((await refusal(h.list({ subaccountRoute: true, subaccountId: 'nope' }))).code).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND for another account and FORBIDDEN for a key without ReadMessages', async () => {
    await sendMany(1);
    const other: Principal = { ...h.principal, accountId: '99999999-9999-4999-8999-999999999999' };
    expect((await refusal(h.list({}, other))).code).toBe('NOT_FOUND');
    expect((await refusal(h.list({}, { ...h.principal, rights: ['SendMessages'] }))).code).toBe('FORBIDDEN');
  });

  it.each([
    ['pageSize 0', { pageSize: '0' }, 'pageSize'],
    ['pageSize 201', { pageSize: '201' }, 'pageSize'],
    ['pageSize not a number', { pageSize: '1.5' }, 'pageSize'],
    ['a status not in the table', { status: 'sent' }, 'status'],
    ['a malformed from', { from: '2026-01-01' }, 'from'],
    ['a from without offset', { from: '2026-01-01T00:00:00' }, 'from'],
    ['a range empty across offsets', { from: '2026-01-02T01:00:00+01:00', to: '2026-01-02T00:00:00Z' }, 'to'],
    ['an empty date range', { from: '2026-01-02T00:00:00Z', to: '2026-01-02T00:00:00Z' }, 'to'],
    ['a subaccountId filter that is no UUID', { subaccountId: 'x' }, 'subaccountId'],
    ['a cursor that is not one', { cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
    ['an empty cursor', { cursor: '' }, 'cursor'],
  ])('%s: VALIDATION_FAILED naming the field', async (_name, query, field) => {
    await sendMany(1);
    const error = await refusal(h.list(query as Partial<messagingV1.ListMessagesRequest>));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys((error.extensions as { errors: Record<string, string[]> }).errors)).toEqual([field]);
  });

  it('refuses a cursor edited, taken to other filters or to another account', async () => {
    await sendMany(3);
    const { nextCursor } = await h.list({ pageSize: '1' });
    const cursor = nextCursor as string;
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    const edited = Buffer.from(text.replace(/\|[^|]+\|/, '|00000000-0000-4000-8000-000000000000|'), 'utf8').toString('base64url');
    for (const query of [{ cursor: edited }, { cursor, status: 'queued' }, { cursor: `${cursor}x` }]) {
      expect((await refusal(h.list(query))).code).toBe('VALIDATION_FAILED');
    }
    // The same cursor in another account's list is not a cursor of that list.
    const other = await startHarness(database, { DISPATCH_ENABLED: false });
    try {
      const error = await refusal(other.list({ cursor }));
      expect(error.extensions).toMatchObject({ errors: { cursor: ['is not a valid cursor for this list'] } });
    } finally {
      await other.messaging.dispatcher.stop();
      await other.carrier.stop();
    }
    // Page size may change between pages.
    expect((await h.list({ cursor, pageSize: '5' })).items).toHaveLength(2);
  });
});
