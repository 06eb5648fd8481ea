import { join } from 'node:path';
import type { CarrierSubmission } from '../carrier.port';
import { startPrismMock, VENDOR_SPECS, type PrismMock } from '../testing/prism-mock';
import { ACCOUNT_SID, AUTH_TOKEN, SERVICE_SID, twilioConnection } from './testing/twilio-connection';
import { TwilioCarrier } from './index';

const submission: CarrierSubmission = {
  reference: 'msg-1:1',
  accountId: 'acc-1',
  channel: 'Sms',
  from: '+15005550006',
  to: '+14155550123',
  body: 'Your code is 123456',
};
/** The `sid` of the 201 example in Twilio's document. */
const EXAMPLE_SID = 'SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

// Twilio's own OpenAPI document judges every request the adapter sends (CARRIERS.md 6): Prism refuses one it does not allow.
describe("TwilioCarrier against Prism mocking Twilio's document", () => {
  let prism: PrismMock;
  beforeAll(async () => {
    prism = await startPrismMock(join(VENDOR_SPECS, 'twilio_api_v2010.json'));
  }, 130_000);
  afterAll(() => prism.stop());

  it('sends a message from a number as the document allows and is accepted with its example sid', async () => {
    expect(await new TwilioCarrier(twilioConnection(prism.url)).submit(submission)).toEqual({ kind: 'accepted', carrierMessageId: EXAMPLE_SID });
  });

  it('sends a message through a Messaging Service as the document allows and is accepted with its example sid', async () => {
    const carrier = new TwilioCarrier(twilioConnection(prism.url, { messagingServiceSid: SERVICE_SID }));
    expect(await carrier.submit(submission)).toEqual({ kind: 'accepted', carrierMessageId: EXAMPLE_SID });
  });

  it('refuses what the document does not allow: a form without To (422), no Basic auth (401), and the adapter\'s own bad request (invalid)', async () => {
    const post = (form: Record<string, string>, headers: Record<string, string>) =>
      fetch(`${prism.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
      });
    const basic = { authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}` };
    expect((await post({ To: '+14155550123', From: '+15005550006', Body: 'hi' }, basic)).status).toBe(201);
    expect((await post({ From: '+15005550006', Body: 'hi' }, basic)).status).toBe(422);
    expect((await post({ To: '+14155550123', From: '+15005550006', Body: 'hi' }, {})).status).toBe(401);

    // A Messaging Service SID the document's pattern refuses: the adapter's request fails the judge, and it says so.
    const carrier = new TwilioCarrier(twilioConnection(prism.url, { messagingServiceSid: 'MG-not-a-service' }));
    expect(await carrier.submit(submission)).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('HTTP 422') });
  });
});
