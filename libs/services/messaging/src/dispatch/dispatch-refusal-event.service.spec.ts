import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

// Issue 29 point 3: a send the carrier refused because the recipient unsubscribed there (Twilio's 21610) ends in a
// MessageRejected that names the number the attempt went from: consent records it as the person's STOP to it.
describe("a carrier's refusal event", () => {
  let database: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    database = await openTestDatabase();
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h?.close();
    await database.close();
  });

  it('carries the documented reason and the from address of the refused attempt, and no carrier message id', async () => {
    h.clients.sender = { numberId: 'n-7', fromAddress: '+15550000007' };
    h.carrier.answer({ status: 422, body: { error: { code: '21610', message: 'Attempt to send to unsubscribed recipient' } } });
    const { messageId } = await h.send({ channelType: 'Sms', destination: '+14155550123' });
    await h.dispatch();

    const rejected = (await h.events(messageId)).filter((e) => e.type === 'MessageRejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].payload).toMatchObject({ reason: 'recipient unsubscribed at the carrier', fromAddress: '+15550000007', destination: '+14155550123', channelType: 'Sms', attempt: 1 });
    expect(rejected[0].payload.carrierMessageId).toBeUndefined();
  });
});
