import { randomUUID } from 'node:crypto';
import type { DatabaseProvider } from '@mp/db';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { FakeRepliesClients } from '../testing/fake-replies-clients';
import { inboundMessageRow } from '../testing/inbound-message.factory';
import { openTestDatabase } from '../testing/test-database';
import { repliesHandlers } from './inbound-messages.handlers';
import { insertInboundMessage } from './inbound-messages.repository';

const A = randomUUID();
const B = randomUUID();
const S1 = randomUUID();
const S2 = randomUUID();
const messaging: Principal = { kind: 'service', accountId: '', service: 'messaging' };
const received = new Date(Date.UTC(2026, 10, 28, 12, 0));
const whatsapp = inboundMessageRow({
  account_id: A,
  subaccount_id: S1,
  received_at: received,
  channel_type: 'WhatsApp',
  carrier: 'meta-a',
  carrier_message_id: 'wamid.IN1',
});
const old = inboundMessageRow({ account_id: A, received_at: received });

let provider: DatabaseProvider;
let db: Knex;
let handlers: ReturnType<typeof repliesHandlers>;

const get = (request: { accountId: string; subaccountId?: string; inboundMessageId: string }) =>
  handlers.getInboundMessage(request, { method: 'test', principal: messaging });

async function notFound(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('NOT_FOUND');
}

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
  handlers = repliesHandlers({ db, clients: new FakeRepliesClients() });
  await insertInboundMessage(db, whatsapp);
  await insertInboundMessage(db, old);
});
afterAll(() => provider.close());

describe('GetInboundMessage (messaging answering an inbound message)', () => {
  it("answers the account's inbound message with the carrier's id for it", async () => {
    const found = await get({ accountId: A, inboundMessageId: whatsapp.inbound_message_id });
    expect(found.carrierMessageId).toBe('wamid.IN1');
    expect(found.inboundMessage).toMatchObject({ inboundMessageId: whatsapp.inbound_message_id, accountId: A, subaccountId: S1, channelType: 'WhatsApp', from: '+15550001111' });
    expect(await get({ accountId: A, subaccountId: S1, inboundMessageId: whatsapp.inbound_message_id })).toEqual(found);
  });

  it("answers one stored before carriers' ids were kept without one", async () => {
    expect((await get({ accountId: A, inboundMessageId: old.inbound_message_id })).carrierMessageId).toBeUndefined();
  });

  it('is NOT_FOUND for another account, another subaccount, an unknown or a malformed id', async () => {
    await notFound(get({ accountId: B, inboundMessageId: whatsapp.inbound_message_id }));
    await notFound(get({ accountId: A, subaccountId: S2, inboundMessageId: whatsapp.inbound_message_id }));
    await notFound(get({ accountId: A, inboundMessageId: randomUUID() }));
    await notFound(get({ accountId: A, inboundMessageId: 'wamid.IN1' }));
  });
});
