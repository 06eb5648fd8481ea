import { randomUUID } from 'node:crypto';
import { messageReceived, principalsOf, startConsentHarness, type ConsentHarness } from '../testing/consent-harness';
import { replyOrder } from './reply-order.rules';

const accountId = randomUUID();
const N1 = '+15550000001';
const N2 = '+15550000002';
const { admin } = principalsOf(accountId, randomUUID());
const STALE = 'keyword reply older than the last STOP or START on that number: changed nothing';

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

let n = 0;
const phone = () => `+1555${String(6000000 + n++)}`;
/** When the carrier received a reply: `second` seconds past a fixed moment. */
const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, second)).toISOString();
const replying = (word: 'Stop' | 'Start') => (from: string, second: number, to = N1) =>
  messageReceived({ accountId, from, to, keyword: word, body: word.toUpperCase(), receivedAt: at(second) });
const stop = replying('Stop');
const start = replying('Start');
const allowed = async (recipient: string, fromAddress = N1) =>
  (await h.call('checkSendPermission', admin, { accountId, recipient, channelType: 'Sms', fromAddress })).allowed;
const eventsOf = async (recipient: string) => (await h.outbox()).filter((e) => e.key === recipient).map((e) => e.type);
const entriesOf = async (recipient: string) => (await h.entries(accountId)).filter((e) => e.recipient === recipient);
const optOutsOf = async (recipient: string) => (await h.optOuts(accountId)).filter((o) => o.recipient === recipient);

/** Hands the replies over one by one, in the order given (the order they are processed in). */
async function process(...events: ReturnType<typeof stop>[]) {
  for (const event of events) await h.reply(event);
}

describe('STOP and START in the order the recipient sent them (spec 4.3 rule 3, by receivedAt)', () => {
  it('STOP then START, processed in that order: allowed again, one event each', async () => {
    const person = phone();
    await process(stop(person, 0), start(person, 1));
    expect(await allowed(person)).toBe(true);
    expect(await eventsOf(person)).toEqual(['RecipientOptedOut', 'RecipientOptedIn']);
  });

  it('START processed before an older STOP: the START lifts nothing and is entered, the STOP is stale and writes nothing', async () => {
    const person = phone();
    await process(start(person, 1));
    const [entry] = await entriesOf(person);
    expect(entry).toMatchObject({ action: 'resubscribed', source: 'start_reply', receiving_number: N1, lifted_entry_ids: [] });
    expect(new Date(entry.reply_received_at!).toISOString()).toBe(at(1));
    const stored = await h.stored();
    const warnings = h.logger.warnings.length;
    await process(stop(person, 0));
    expect(await h.stored()).toEqual(stored);
    expect(h.logger.warnings.slice(warnings)).toEqual([STALE]);
    expect(await allowed(person)).toBe(true);
    // Nothing was ever in force, so no RecipientOptedOut and no RecipientOptedIn.
    expect(await eventsOf(person)).toEqual([]);
  });

  it('a STOP newer than the last START still opts out', async () => {
    const person = phone();
    await process(start(person, 0), stop(person, 1));
    expect(await allowed(person)).toBe(false);
    const other = phone();
    await process(stop(other, 0), start(other, 1), stop(other, 2));
    expect(await allowed(other)).toBe(false);
    expect(await eventsOf(other)).toEqual(['RecipientOptedOut', 'RecipientOptedIn', 'RecipientOptedOut']);
  });

  it('a START older than the STOP in force lifts nothing and writes nothing', async () => {
    const person = phone();
    await process(stop(person, 1));
    const stored = await h.stored();
    await process(start(person, 0));
    expect(await h.stored()).toEqual(stored);
    expect(h.logger.warnings.at(-1)).toBe(STALE);
    expect(await allowed(person)).toBe(false);
    expect(await eventsOf(person)).toEqual(['RecipientOptedOut']);
  });

  it('a later STOP takes over the STOP in force, so a START sent between them but processed last lifts nothing', async () => {
    const person = phone();
    await process(stop(person, 0), stop(person, 2));
    const [first, second] = await entriesOf(person);
    expect(second).toMatchObject({ action: 'opted_out', source: 'stop_reply', lifted_entry_ids: [first.entry_id] });
    expect((await optOutsOf(person)).map((o) => o.entry_id)).toEqual([second.entry_id, second.entry_id]);
    await process(start(person, 1));
    expect(await allowed(person)).toBe(false);
    expect(await eventsOf(person)).toEqual(['RecipientOptedOut']);
    // A START after both lifts the one in force.
    await process(start(person, 3));
    expect(await allowed(person)).toBe(true);
    expect((await entriesOf(person)).at(-1)).toMatchObject({ action: 'resubscribed', lifted_entry_ids: [second.entry_id] });
  });

  it('equal times keep the processing order', async () => {
    const [a, b] = [phone(), phone()];
    await process(stop(a, 0), start(a, 0), start(b, 0), stop(b, 0));
    expect([await allowed(a), await allowed(b)]).toEqual([true, false]);
  });

  it('orders replies per receiving number: an older STOP to another number still applies there', async () => {
    const person = phone();
    await process(start(person, 5), stop(person, 0, N2));
    expect([await allowed(person, N1), await allowed(person, N2)]).toEqual([true, false]);
  });

  it('a reply without a valid receipt time applies in processing order', async () => {
    const person = phone();
    const untimed = stop(person, 0);
    await process(start(person, 5), { ...untimed, payload: { ...(untimed.payload as object), receivedAt: 'not a time' } });
    expect(await allowed(person)).toBe(false);
  });
});

describe('replyOrder', () => {
  const t = (second: number) => new Date(at(second));
  it.each([
    [t(1), t(2), 'older'],
    [t(2), t(2), 'same'],
    [t(3), t(2), 'newer'],
    [t(1), null, 'newer'],
    [t(1), undefined, 'newer'],
    [null, t(2), 'same'],
  ] as const)('%p against %p: %s', (receivedAt, latestAt, order) => {
    expect(replyOrder(receivedAt, latestAt)).toBe(order);
  });
});
