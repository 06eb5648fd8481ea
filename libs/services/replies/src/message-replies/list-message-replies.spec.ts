import { randomUUID } from 'node:crypto';
import type { DatabaseProvider } from '@mp/db';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { repliesHandlers } from '../inbound-messages/inbound-messages.handlers';
import { insertInboundMessage } from '../inbound-messages/inbound-messages.repository';
import { FakeRepliesClients } from '../testing/fake-replies-clients';
import { inboundMessageRow } from '../testing/inbound-message.factory';
import { openTestDatabase } from '../testing/test-database';

const A = randomUUID();
const B = randomUUID();
const S1 = randomUUID();
const S2 = randomUUID();
const message = randomUUID();
const quiet = randomUUID();
const inS2 = randomUUID();
const otherAccountMessage = randomUUID();
const admin: Principal = { kind: 'user', accountId: A, userId: randomUUID(), role: 'Admin' };
const scopedKey: Principal = { kind: 'api_key', accountId: A, apiKeyId: randomUUID(), subaccountId: S1, rights: ['ReadMessages'] };

let provider: DatabaseProvider;
let db: Knex;
let clients: FakeRepliesClients;
let handlers: ReturnType<typeof repliesHandlers>;
/** The replies to `message`, oldest first. */
let expected: string[];

const list = (principal: Principal, messageId: string, extra: { accountId?: string; subaccountId?: string } = {}) =>
  handlers.listMessageReplies({ accountId: A, messageId, ...extra }, { method: 'test', principal });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
  clients = new FakeRepliesClients();
  clients.messages.set(message, { accountId: A, subaccountId: S1 });
  clients.messages.set(quiet, { accountId: A, subaccountId: S1 });
  clients.messages.set(inS2, { accountId: A, subaccountId: S2 });
  clients.messages.set(otherAccountMessage, { accountId: B });
  handlers = repliesHandlers({ db, clients });
  const at = (minute: number) => new Date(Date.UTC(2026, 9, 18, 12, minute));
  const replies = [
    inboundMessageRow({ account_id: A, subaccount_id: S1, received_at: at(5), in_reply_to_message_id: message, body: 'C', reply_option_key: 'C', reply_option_value: 'Confirm' }),
    inboundMessageRow({ account_id: A, subaccount_id: S1, received_at: at(1), in_reply_to_message_id: message, body: 'what?' }),
    inboundMessageRow({ account_id: A, subaccount_id: S1, received_at: at(9), in_reply_to_message_id: message, body: 'R', after_expiry: true, keyword: null }),
    inboundMessageRow({ account_id: A, subaccount_id: S1, received_at: at(5), in_reply_to_message_id: message, body: 'same instant' }),
  ];
  for (const row of replies) await insertInboundMessage(db, row);
  // Not replies to it: unlinked, another message, another account's reply naming the same id.
  await insertInboundMessage(db, inboundMessageRow({ account_id: A, received_at: at(3) }));
  await insertInboundMessage(db, inboundMessageRow({ account_id: A, subaccount_id: S2, received_at: at(3), in_reply_to_message_id: inS2 }));
  await insertInboundMessage(db, inboundMessageRow({ account_id: B, received_at: at(3), in_reply_to_message_id: message }));
  expected = [...replies]
    .sort((x, y) => new Date(x.received_at).getTime() - new Date(y.received_at).getTime() || (x.inbound_message_id < y.inbound_message_id ? -1 : 1))
    .map((r) => r.inbound_message_id);
});
afterAll(() => provider.close());

describe('ListMessageReplies (spec 4.2)', () => {
  it("lists the message's replies oldest first, with every field", async () => {
    const { items } = await list(admin, message);
    expect(items.map((i) => i.inboundMessageId)).toEqual(expected);
    // Two at the same instant come in id order.
    expect([items[0].body, items[3].body]).toEqual(['what?', 'R']);
    expect(items.find((i) => i.body === 'C')).toEqual({
      inboundMessageId: expect.any(String),
      accountId: A,
      subaccountId: S1,
      channelType: 'Sms',
      from: '+15550001111',
      to: '+15550009999',
      body: 'C',
      receivedAt: '2026-10-18T12:05:00.000Z',
      keyword: undefined,
      inReplyToMessageId: message,
      inReplyToClientReference: undefined,
      replyOptionKey: 'C',
      replyOptionValue: 'Confirm',
      afterExpiry: false,
    });
    expect(items[3]).toMatchObject({ body: 'R', afterExpiry: true });
  });

  it('is empty for a reachable message without replies', async () => {
    expect(await list(admin, quiet)).toEqual({ items: [] });
  });

  it('asks messaging whether the caller reaches the message, with the caller as principal', async () => {
    clients.calls.length = 0;
    await list(scopedKey, message, { subaccountId: S1 });
    expect(clients.calls).toEqual([
      { method: 'messaging.getMessage', request: { accountId: A, messageId: message, subaccountId: S1 }, options: { principal: scopedKey } },
    ]);
  });

  it("passes a scoped key's own subaccount on the account route", async () => {
    clients.calls.length = 0;
    expect((await list(scopedKey, message)).items).toHaveLength(4);
    expect(clients.calls[0].request).toEqual({ accountId: A, messageId: message, subaccountId: S1 });
  });

  describe('404 when the message is not reachable', () => {
    it.each([
      ['an unknown message', () => list(admin, randomUUID())],
      ["another account's message", () => list(admin, otherAccountMessage)],
      ['a message of another subaccount on the subaccount route', () => list(admin, message, { subaccountId: S2 })],
      ["another subaccount's message to a scoped key", () => list(scopedKey, inS2)],
    ])('%s (messaging says NOT_FOUND)', async (_what, call) => {
      const error = await refusal(call());
      expect(error.code).toBe('NOT_FOUND');
      expect(error.detail).toBe('Message not found.');
    });

    it('another account in the route, without asking messaging', async () => {
      clients.calls.length = 0;
      const error = await refusal(list(admin, message, { accountId: B }));
      expect(error).toMatchObject({ code: 'NOT_FOUND', detail: 'Message not found.' });
      expect(clients.calls).toEqual([]);
    });

    it('a message id that is no uuid, without asking messaging', async () => {
      clients.calls.length = 0;
      expect((await refusal(list(admin, 'not-a-uuid'))).code).toBe('NOT_FOUND');
      expect(clients.calls).toEqual([]);
    });

    it('a scoped key naming another subaccount', async () => {
      expect((await refusal(list(scopedKey, inS2, { subaccountId: S2 }))).code).toBe('NOT_FOUND');
    });
  });

  it('needs the ReadMessages right on an API key', async () => {
    const error = await refusal(list({ kind: 'api_key', accountId: A, apiKeyId: randomUUID(), rights: ['SendMessages'] }, message));
    expect(error.code).toBe('FORBIDDEN');
  });
});
