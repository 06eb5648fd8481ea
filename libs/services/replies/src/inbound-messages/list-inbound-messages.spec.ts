import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import type { repliesV1 } from '@mp/contracts';
import type { DatabaseProvider } from '@mp/db';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { inboundMessageRow } from '../testing/inbound-message.factory';
import { openTestDatabase } from '../testing/test-database';
import { encodeCursor } from './inbound-cursor';
import { repliesHandlers } from './inbound-messages.handlers';
import { insertInboundMessage } from './inbound-messages.repository';

const accountA = randomUUID();
const accountB = randomUUID();
const subA1 = randomUUID();
const subA2 = randomUUID();
const admin: Principal = { kind: 'user', accountId: accountA, userId: randomUUID(), role: 'Admin' };
const scopedKey: Principal = { kind: 'api_key', accountId: accountA, apiKeyId: randomUUID(), subaccountId: subA1, rights: ['ReadMessages'] };

let provider: DatabaseProvider;
let db: Knex;
let handlers: ReturnType<typeof repliesHandlers>;
/** Account A's replies, newest first as the list must return them. */
let expectedA: string[];
let base: Date;

const list = (principal: Principal, request: Partial<repliesV1.ListInboundMessagesRequest> = {}) =>
  handlers.listInboundMessages({ accountId: accountA, ...request }, { method: 'test', principal });

const failure = async (promise: Promise<unknown>): Promise<DomainError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
  handlers = repliesHandlers({ db, clients: { messaging: { getMessage: () => Promise.reject(new Error('not called by the inbound list')) } } });
  const clock = new SandboxClock();
  base = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
  const at = (minutesAgo: number) => new Date(base.getTime() - minutesAgo * 60_000);
  const sameInstant = at(3);
  const rows = [
    inboundMessageRow({ account_id: accountA, received_at: at(5) }),
    inboundMessageRow({ account_id: accountA, subaccount_id: subA1, received_at: at(4) }),
    inboundMessageRow({ account_id: accountA, subaccount_id: subA1, received_at: sameInstant }),
    inboundMessageRow({ account_id: accountA, received_at: sameInstant }),
    inboundMessageRow({ account_id: accountA, subaccount_id: subA2, received_at: at(1) }),
    inboundMessageRow({
      account_id: accountA,
      subaccount_id: subA1,
      received_at: at(2),
      keyword: 'Stop',
      body: 'STOP',
      in_reply_to_message_id: randomUUID(),
      in_reply_to_client_reference: 'order-42',
      reply_option_key: '1',
      reply_option_value: 'Confirm',
    }),
    inboundMessageRow({ account_id: accountB, received_at: at(0) }),
  ];
  for (const row of rows) await insertInboundMessage(db, row);
  // A reply stored with microseconds, as PostgreSQL keeps them, between two others.
  const micro = inboundMessageRow({ account_id: accountA, received_at: at(4.5) });
  await db('inbound_messages').insert({ ...micro, received_at: new Date(at(4.5).getTime() + 1).toISOString().replace('Z', '789Z') });
  rows.push(micro);
  expectedA = rows
    .filter((r) => r.account_id === accountA)
    .sort((x, y) => new Date(y.received_at).getTime() - new Date(x.received_at).getTime() || (y.inbound_message_id > x.inbound_message_id ? 1 : -1))
    .map((r) => r.inbound_message_id);
});

afterAll(async () => {
  await provider.close();
});

describe('ListInboundMessages', () => {
  it('has seven replies of account A to page through', () => {
    expect(expectedA).toHaveLength(7);
  });

  it('pages through everything exactly once, newest first', async () => {
    const seen: string[] = [];
    const cursors: Array<string | undefined> = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(admin, { pageSize: '3', cursor });
      pages += 1;
      seen.push(...page.items.map((i) => i.inboundMessageId));
      cursor = page.nextCursor;
      cursors.push(cursor);
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expectedA);
    expect(cursors[2]).toBeUndefined();
  });

  it('pages a date range in three pages of two, to exclusive down to the microsecond', async () => {
    const to = new Date(base.getTime() - 4.5 * 60_000).toISOString();
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await list(admin, { pageSize: '2', cursor, from: new Date(base.getTime() - 10 * 60_000).toISOString(), to });
      pages.push(page.items.map((i) => i.inboundMessageId));
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);
    // `to` is exclusive: only the reply received 5 minutes ago is before it.
    expect(pages).toEqual([[expectedA[6]]]);

    const all: string[][] = [];
    cursor = undefined;
    do {
      const page = await list(admin, { pageSize: '2', cursor, from: new Date(base.getTime() - 4.6 * 60_000).toISOString() });
      all.push(page.items.map((i) => i.inboundMessageId));
      cursor = page.nextCursor;
    } while (cursor && all.length < 10);
    expect(all).toHaveLength(3);
    expect(all.every((p) => p.length === 2)).toBe(true);
    expect(all.flat()).toEqual(expectedA.slice(0, 6));
  });

  it('keeps microsecond positions in the cursor, so no reply is skipped at a page boundary', async () => {
    const accountC = randomUUID();
    const second = new Date(base.getTime() - 3600_000).toISOString().slice(0, 19);
    const ids: string[] = [];
    for (const fraction of ['002000', '001789', '001500']) {
      const row = inboundMessageRow({ account_id: accountC, received_at: base });
      await db('inbound_messages').insert({ ...row, received_at: `${second}.${fraction}Z` });
      ids.push(row.inbound_message_id);
    }
    const owner: Principal = { ...admin, accountId: accountC };
    const first = await handlers.listInboundMessages({ accountId: accountC, pageSize: '2' }, { method: 'test', principal: owner });
    expect(first.items.map((i) => i.inboundMessageId)).toEqual(ids.slice(0, 2));
    const rest = await handlers.listInboundMessages(
      { accountId: accountC, pageSize: '2', cursor: first.nextCursor },
      { method: 'test', principal: owner },
    );
    expect(rest.items.map((i) => i.inboundMessageId)).toEqual([ids[2]]);
    expect(rest.nextCursor).toBeUndefined();
  });

  it('uses 50 when pageSize is not given and ends with no cursor', async () => {
    const page = await list(admin);
    expect(page.items.map((i) => i.inboundMessageId)).toEqual(expectedA);
    expect(page.nextCursor).toBeUndefined();
  });

  it('takes from inclusive and to exclusive', async () => {
    const page = await list(admin, {
      from: new Date(base.getTime() - 4 * 60_000).toISOString(),
      to: new Date(base.getTime() - 1 * 60_000).toISOString(),
    });
    expect(page.items.map((i) => i.receivedAt)).toEqual([
      new Date(base.getTime() - 2 * 60_000).toISOString(),
      new Date(base.getTime() - 3 * 60_000).toISOString(),
      new Date(base.getTime() - 3 * 60_000).toISOString(),
      new Date(base.getTime() - 4 * 60_000).toISOString(),
    ]);
  });

  it('returns every field of a reply (spec 2.3)', async () => {
    const page = await list(admin, { subaccountId: subA1, pageSize: '1' });
    expect(page.items[0]).toEqual({
      inboundMessageId: expect.any(String),
      accountId: accountA,
      subaccountId: subA1,
      channelType: 'Sms',
      from: '+15550001111',
      to: '+15550009999',
      body: 'STOP',
      receivedAt: new Date(base.getTime() - 2 * 60_000).toISOString(),
      keyword: 'Stop',
      inReplyToMessageId: expect.any(String),
      inReplyToClientReference: 'order-42',
      replyOptionKey: '1',
      replyOptionValue: 'Confirm',
      afterExpiry: false,
    });
    const plain = (await list(admin, { subaccountId: subA2 })).items[0];
    expect(plain.keyword).toBeUndefined();
    expect(plain.inReplyToMessageId).toBeUndefined();
    expect(plain.inReplyToClientReference).toBeUndefined();
  });

  it('says afterExpiry true on a reply that came after its message expired', async () => {
    const accountD = randomUUID();
    const late = inboundMessageRow({ account_id: accountD, received_at: base, in_reply_to_message_id: randomUUID(), after_expiry: true });
    await insertInboundMessage(db, late);
    const page = await handlers.listInboundMessages({ accountId: accountD }, { method: 'test', principal: { ...admin, accountId: accountD } });
    expect(page.items).toEqual([expect.objectContaining({ inboundMessageId: late.inbound_message_id, afterExpiry: true, replyOptionKey: undefined })]);
  });

  it('filters by subaccount', async () => {
    const page = await list(admin, { subaccountId: subA1 });
    expect(page.items).toHaveLength(3);
    expect(page.items.every((i) => i.subaccountId === subA1)).toBe(true);
  });

  describe('tenancy', () => {
    it('answers NOT_FOUND for another account and never shows its replies', async () => {
      const error = await failure(list(admin, { accountId: accountB }));
      expect(error.code).toBe('NOT_FOUND');
      const own = await list({ ...admin, accountId: accountB }, { accountId: accountB });
      expect(own.items.map((i) => i.accountId)).toEqual([accountB]);
    });

    it('answers NOT_FOUND for an account id that is not a uuid', async () => {
      expect((await failure(list({ ...admin, accountId: 'x' }, { accountId: 'x' }))).code).toBe('NOT_FOUND');
    });

    it('refuses the account list to a key scoped to a subaccount', async () => {
      const error = await failure(list(scopedKey));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.detail).toBe('Account not found.');
    });

    it('refuses another subaccount to a key scoped to a subaccount', async () => {
      expect((await failure(list(scopedKey, { subaccountId: subA2 }))).code).toBe('NOT_FOUND');
    });

    it("gives a scoped key its own subaccount's replies", async () => {
      const page = await list(scopedKey, { subaccountId: subA1 });
      expect(page.items.map((i) => i.subaccountId)).toEqual([subA1, subA1, subA1]);
    });

    it('needs the ReadMessages right on an API key', async () => {
      const error = await failure(list({ kind: 'api_key', accountId: accountA, apiKeyId: randomUUID(), rights: ['SendMessages'] }));
      expect(error.code).toBe('FORBIDDEN');
    });
  });

  describe('validation', () => {
    const fieldsOf = async (request: Partial<repliesV1.ListInboundMessagesRequest>) => {
      const error = await failure(list(admin, request));
      expect(error.code).toBe('VALIDATION_FAILED');
      return error.extensions.errors ?? {};
    };

    it.each(['201', '-1', '1000', '0', '1.5', 'ten'])('refuses pageSize %s', async (pageSize) => {
      expect(Object.keys(await fieldsOf({ pageSize }))).toEqual(['pageSize']);
    });

    it.each([1, 200])('accepts pageSize %i', async (pageSize) => {
      const page = await list(admin, { pageSize: String(pageSize) });
      expect(page.items).toHaveLength(Math.min(pageSize, 7));
    });

    it.each(['yesterday', '2025-02-30', '12/01/2025', '2025-03-01', '2025-03-01T10:00:00'])('refuses from and to = %p (a timestamp needs its offset)', async (value) => {
      expect(Object.keys(await fieldsOf({ from: value, to: value }))).toEqual(['from', 'to']);
    });

    it('refuses an empty date range', async () => {
      const errors = await fieldsOf({ from: '2025-03-02T00:00:00Z', to: '2025-03-01T00:00:00Z' });
      expect(errors.to?.join(' ')).toMatch(/empty date range/);
      const same = await fieldsOf({ from: '2025-03-01T00:00:00Z', to: '2025-03-01T02:00:00+02:00' });
      expect(same.to?.join(' ')).toMatch(/empty date range/);
    });

    it.each([
      ['garbage', 'not-a-cursor!'],
      ['base64 of nonsense', Buffer.from('hello|world').toString('base64url')],
      ['an edited cursor', encodeCursor('any list', { receivedAt: '2025-03-01T10:00:00.000000Z', inboundMessageId: randomUUID() }).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))],
    ])('refuses %s as cursor', async (_label, cursor) => {
      expect(Object.keys(await fieldsOf({ cursor }))).toEqual(['cursor']);
    });

    it('names every bad field at once', async () => {
      expect(Object.keys(await fieldsOf({ pageSize: '500', cursor: '%%', from: 'x' })).sort()).toEqual(['cursor', 'from', 'pageSize']);
    });
  });
});
