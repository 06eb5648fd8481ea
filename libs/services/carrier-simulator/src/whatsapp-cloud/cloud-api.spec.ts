import { principalOf, startSimulatorHarness, type SimulatorHarness } from '../testing/simulator.test-harness';
import { SANDBOX_WHATSAPP_CLOUD } from './cloud-api-settings';
import { sendToCloudApi, textMessage, type CloudAnswer } from './testing/cloud-api-client';

let sim: SimulatorHarness;
let n = 0;
/** A destination no other test uses. */
const nextNumber = () => `+1555300${String(++n).padStart(4, '0')}`;
const send = (body: unknown, options?: Parameters<typeof sendToCloudApi>[2]) => sendToCloudApi(sim.endpoints.httpUrl, body, options);
const submissionOf = (wamid: unknown) => sim.db('carrier_submissions').where({ carrier_message_id: wamid });
const receiptsOf = (wamid: unknown) => sim.db('carrier_receipts').where({ carrier_message_id: wamid }).orderBy('occurred_at');
const error = (answer: CloudAnswer) => answer.body.error as Record<string, unknown>;
const wamidOf = (answer: CloudAnswer) => (answer.body.messages as Array<{ id: string }>)[0].id;

/** Meta's error shape (the v23.0 document's GraphAPIError), with the code and status given. */
function expectMetaError(answer: CloudAnswer, status: number, code: number) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ error: expect.objectContaining({ message: expect.any(String), type: expect.any(String), code, fbtrace_id: expect.any(String) }) });
}

beforeAll(async () => {
  sim = await startSimulatorHarness();
});
afterAll(() => sim.close());

describe("the fake of Meta's WhatsApp Cloud API: sendMessage", () => {
  it('answers a text message with a wamid in Meta’s success shape, and files it as a WhatsApp submission', async () => {
    const to = nextNumber();
    const answer = await send(textMessage(to, 'Your order 42 has shipped'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: to.slice(1), wa_id: to.slice(1) }],
      messages: [{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }],
    });
    expect(await submissionOf(wamidOf(answer))).toEqual([
      expect.objectContaining({ channel: 'WhatsApp', from_address: SANDBOX_WHATSAPP_CLOUD.displayNumber, to_address: to, body: 'Your order 42 has shipped', outcome: 'delivered' }),
    ]);
    // Meta reports `sent` at once and `delivered` later: both are scheduled.
    expect((await receiptsOf(wamidOf(answer))).map((r) => r.status)).toEqual(['sent', 'delivered']);
  });

  it('takes a reply quoting a message, a template, and a `to` written with + and spaces', async () => {
    const to = nextNumber();
    const reply = await send(textMessage(to, 'Yes, tomorrow', 'wamid.INBOUND123'));
    expect(reply.status).toBe(200);
    const template = await send({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `+1 555 300 ${to.slice(-4)}`,
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en_US', policy: 'deterministic' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: '42' }, { type: 'text', text: 'tomorrow' }] }],
      },
    });
    expect(template.status).toBe(200);
    expect(template.body.contacts).toEqual([{ input: `+1 555 300 ${to.slice(-4)}`, wa_id: to.slice(1) }]);
    expect(await submissionOf(wamidOf(template))).toEqual([expect.objectContaining({ to_address: to, body: '[template order_update en_US] 42 | tomorrow' })]);
    expect(wamidOf(template)).not.toBe(wamidOf(reply));
  });

  it('answers 401 with code 190 without the bearer token or with another, and files nothing', async () => {
    const before = await sim.db('carrier_submissions').count<{ n: string }[]>('* as n');
    expectMetaError(await send(textMessage(nextNumber(), 'Hi'), { token: null }), 401, 190);
    expectMetaError(await send(textMessage(nextNumber(), 'Hi'), { token: 'EAAG-someone-elses-token' }), 401, 190);
    expect(error(await send(textMessage(nextNumber(), 'Hi'), { token: `${SANDBOX_WHATSAPP_CLOUD.accessToken}x` })).type).toBe('OAuthException');
    expect(await sim.db('carrier_submissions').count<{ n: string }[]>('* as n')).toEqual(before);
  });

  it('answers 400 with code 100 for another phone number id', async () => {
    const answer = await send(textMessage(nextNumber(), 'Hi'), { phoneNumberId: '106540352242922' });
    expectMetaError(answer, 400, 100);
    expect(error(answer).error_subcode).toBe(33);
  });

  it.each([
    ['no messaging_product', { ...textMessage('+15551234567', 'Hi'), messaging_product: undefined }, 'messaging_product'],
    ['messaging_product not whatsapp', { ...textMessage('+15551234567', 'Hi'), messaging_product: 'sms' }, 'messaging_product'],
    ['no to', { ...textMessage('+15551234567', 'Hi'), to: undefined }, 'to'],
    ['a to that is no number', { ...textMessage('+15551234567', 'Hi'), to: 'pat@example.com' }, 'to'],
    ['no text.body', { ...textMessage('+15551234567', 'Hi'), text: { preview_url: false } }, "text['body']"],
    ['an empty text.body', { ...textMessage('+15551234567', 'Hi'), text: { body: '' } }, "text['body']"],
    ['a text.body over 4096 characters', textMessage('+15551234567', 'x'.repeat(4097)), "text['body']"],
    ['a template without a name', { messaging_product: 'whatsapp', to: '15551234567', type: 'template', template: { language: { code: 'en_US' } } }, "template['name']"],
    ['a template without language.code', { messaging_product: 'whatsapp', to: '15551234567', type: 'template', template: { name: 'order_update', language: {} } }, "['code']"],
    ['a type the sandbox does not send', { messaging_product: 'whatsapp', to: '15551234567', type: 'image', image: { link: 'https://example.com/a.png' } }, 'type'],
    ['a context without message_id', { ...textMessage('+15551234567', 'Hi'), context: {} }, 'message_id'],
  ])('answers 400 with code 100 naming the parameter for %s', async (_what, body, parameter) => {
    const answer = await send(body);
    expectMetaError(answer, 400, 100);
    expect(error(answer).message).toMatch(/^\(#100\) /);
    expect(error(answer).message).toContain(parameter);
    expect(error(answer).error_data).toEqual({ messaging_product: 'whatsapp', details: expect.stringContaining(parameter) });
  });

  it('answers 400 with code 100 for a body that is not JSON', async () => {
    expectMetaError(await send('{"messaging_product":'), 400, 100);
  });

  it('leaves other paths to the carrier API: 404 as before', async () => {
    expect((await send(textMessage('+15551234567', 'Hi'), { apiVersion: 'carrier' })).status).toBe(404);
    expect((await fetch(`${sim.endpoints.httpUrl}/carrier/v2/messages`, { method: 'POST' })).status).toBe(404);
  });
});

describe('sandbox behaviours, the way Meta answers them', () => {
  // A behaviour is set per account; Meta's request names none, so the latest set for the destination plays.
  const behave = (destination: string, outcome: string, afterSeconds?: number) =>
    sim.client.setCarrierBehavior({ accountId: 'acc-wa', destination, outcome, afterSeconds }, { principal: principalOf('acc-wa') });

  it('failed: 400 with code 131026 (undeliverable), nothing filed', async () => {
    const to = nextNumber();
    await behave(to, 'failed');
    const answer = await send(textMessage(to, 'Hi'));
    expectMetaError(answer, 400, 131026);
    expect(await sim.db('carrier_submissions').where({ to_address: to })).toEqual([]);
  });

  it('unavailable: 503 with code 2, nothing filed, and accepted once it changes', async () => {
    const to = nextNumber();
    await behave(to, 'unavailable');
    expectMetaError(await send(textMessage(to, 'Hi')), 503, 2);
    expect(await sim.db('carrier_submissions').where({ to_address: to })).toEqual([]);
    await behave(to, 'delivered');
    expect((await send(textMessage(to, 'Hi'))).status).toBe(200);
  });

  it('throttled: 429 with code 130429 (rate limit hit)', async () => {
    const to = nextNumber();
    await behave(to, 'throttled');
    expectMetaError(await send(textMessage(to, 'Hi')), 429, 130429);
  });

  it('drop-connection: the connection is dropped without an answer', async () => {
    const to = nextNumber();
    await behave(to, 'drop-connection');
    await expect(send(textMessage(to, 'Hi'))).rejects.toThrow();
    expect(await sim.db('carrier_submissions').where({ to_address: to })).toEqual([]);
  });

  it('undelivered and no-receipt: accepted (200), filed under the account whose behaviour played, with a failed receipt or none', async () => {
    const [undelivered, silent] = [nextNumber(), nextNumber()];
    await behave(undelivered, 'undelivered', 30);
    await behave(silent, 'no-receipt');
    const first = await send(textMessage(undelivered, 'Hi'));
    const second = await send(textMessage(silent, 'Hi'));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await submissionOf(wamidOf(first))).toEqual([expect.objectContaining({ account_id: 'acc-wa', outcome: 'undelivered' })]);
    expect(await receiptsOf(wamidOf(first))).toEqual([expect.objectContaining({ status: 'undelivered' })]);
    expect(await receiptsOf(wamidOf(second))).toEqual([]);
  });
});
