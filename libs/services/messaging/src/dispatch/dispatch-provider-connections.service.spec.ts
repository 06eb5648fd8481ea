import { startFakeCloudApi, WAMID, type FakeCloudApi } from '../carriers/whatsapp-cloud/testing/fake-cloud-api';
import { MESSAGE_CREATED, startFakeTwilio, type FakeTwilio } from '../carriers/twilio/testing/fake-twilio';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

// Issue 29 points 1 and 3: whatsapp-cloud and twilio connections configured as an operator would, sends going out
// through each provider's own API (their fakes play Meta and Twilio; Prism checks the bodies in the adapters' suites).
describe('dispatch through whatsapp-cloud and twilio connections', () => {
  let database: TestDatabase;
  let meta: FakeCloudApi;
  let twilio: FakeTwilio;
  let h: Harness | undefined;
  const accountSid = `AC${'0f'.repeat(16)}`;
  beforeAll(async () => {
    database = await openTestDatabase();
    meta = await startFakeCloudApi();
    twilio = await startFakeTwilio();
    twilio.answer(MESSAGE_CREATED);
  });
  afterAll(async () => {
    await h?.close();
    await meta.close();
    await twilio.stop();
    await database.close();
  });

  it('sends WhatsApp through the Cloud API and SMS through Twilio, each attempt naming its connection', async () => {
    const connections = [
      { name: 'meta', protocol: 'whatsapp-cloud', channel: 'WhatsApp', numbers: ['*'], priority: 1, baseUrl: meta.url, phoneNumberId: '106540352242922', accessToken: 'meta-token', appSecret: 'app-secret', verifyToken: 'verify' },
      { name: 'twilio-us', protocol: 'twilio', channel: 'Sms', numbers: ['*'], priority: 1, baseUrl: twilio.url, accountSid, authToken: 'twilio-token', publicBaseUrl: 'https://messaging.example.com' },
    ];
    h = await startHarness(database, { CARRIER_CONNECTIONS: JSON.stringify(connections) });
    const whatsapp = await h.send({ channelType: 'WhatsApp', destination: '+14155550123', body: 'Your order shipped' });
    const sms = await h.send({ channelType: 'Sms', destination: '+14155550124', body: 'Your code is 123456' });
    await h.dispatch();
    await h.messaging.dispatcher.idle();

    expect(await h.get(whatsapp.messageId)).toMatchObject({ status: 'dispatched' });
    expect(await h.get(sms.messageId)).toMatchObject({ status: 'dispatched' });
    expect(meta.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v23.0/106540352242922/messages',
        json: { messaging_product: 'whatsapp', recipient_type: 'individual', to: '14155550123', type: 'text', text: { body: 'Your order shipped', preview_url: false } },
      }),
    ]);
    expect(meta.requests[0].headers.authorization).toBe('Bearer meta-token');
    expect(twilio.requests).toEqual([
      expect.objectContaining({
        path: `/2010-04-01/Accounts/${accountSid}/Messages.json`,
        form: expect.objectContaining({ To: '+14155550124', Body: 'Your code is 123456', StatusCallback: 'https://messaging.example.com/v1/webhooks/carriers/twilio-us/status' }),
      }),
    ]);
    const events = await h.db('carrier_events').whereIn('message_id', [whatsapp.messageId, sms.messageId]).where({ type: 'submission_accepted' });
    expect(Object.fromEntries(events.map((e) => [e.message_id, [e.carrier, e.carrier_message_id]]))).toEqual({
      [whatsapp.messageId]: ['meta', WAMID],
      [sms.messageId]: ['twilio-us', expect.stringMatching(/^SM/)],
    });
  });
});
