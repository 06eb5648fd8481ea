import { createLogger } from '@mp/telemetry';
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import type { CarrierOutcome, CarrierSubmission } from '../carrier.port';
import { sealConnection, type WhatsAppCloudConnection } from '@mp/carrier-connections';
import { errorAnswer, sentAnswer, startFakeCloudApi, WAMID, type FakeCloudApi } from './testing/fake-cloud-api';
import { TEMPLATE_REQUIRED, WhatsAppCloudCarrier } from './index';

const TOKEN = 'EAAGm0PX4ZCpsBAKsecret-token-9f8e7d';

function connection(baseUrl: string, timeoutSeconds = 5): WhatsAppCloudConnection {
  return sealConnection({
    name: 'meta-main',
    protocol: 'whatsapp-cloud',
    channel: 'WhatsApp',
    numbers: ['+15550001111'],
    priority: 1,
    baseUrl,
    apiVersion: 'v23.0',
    phoneNumberId: '106540352242922',
    accessToken: TOKEN,
    appSecret: 'app-secret',
    verifyToken: 'verify-token',
    timeoutSeconds,
  });
}

const submission: CarrierSubmission = {
  reference: 'msg-1:1',
  accountId: 'acc-1',
  channel: 'WhatsApp',
  from: '+15550001111',
  to: '+15551234567',
  body: 'Your order 42 has shipped: https://example.com/t/42',
};

describe('WhatsAppCloudCarrier against a server playing Meta', () => {
  let meta: FakeCloudApi;
  let lines: Array<Record<string, unknown>>;
  let carrier: WhatsAppCloudCarrier;

  beforeAll(async () => {
    meta = await startFakeCloudApi();
  });
  afterAll(() => meta.close());
  beforeEach(() => {
    meta.requests.length = 0;
    meta.answer(sentAnswer());
    lines = [];
    const logger = createLogger('warn', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    carrier = new WhatsAppCloudCarrier(connection(meta.url), { logger });
  });

  /** Every outcome and log line of these tests is checked for the token. */
  async function submit(what: CarrierSubmission = submission, through = carrier): Promise<CarrierOutcome> {
    const outcome = await through.submit(what);
    expect(inspect(outcome, { depth: 10 })).not.toContain(TOKEN);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
    return outcome;
  }

  describe('the request on the wire', () => {
    it('posts a text message to {version}/{phone number id}/messages with the bearer token and a name/x.y.z User-Agent', async () => {
      expect(await submit()).toEqual({ kind: 'accepted', carrierMessageId: WAMID });
      expect(meta.requests).toHaveLength(1);
      const [request] = meta.requests;
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v23.0/106540352242922/messages');
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/^[a-zA-Z0-9\-_]+\/[0-9]+\.[0-9]+\.[0-9]+$/);
      expect(request.json).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '15551234567',
        type: 'text',
        text: { body: 'Your order 42 has shipped: https://example.com/t/42', preview_url: false },
      });
    });

    it('quotes the inbound message a reply answers in context.message_id', async () => {
      await submit({ ...submission, body: 'Yes, tomorrow', quotes: 'wamid.INBOUND123' });
      expect(meta.requests[0].json).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '15551234567',
        context: { message_id: 'wamid.INBOUND123' },
        type: 'text',
        text: { body: 'Yes, tomorrow', preview_url: false },
      });
    });

    it('sends a named template instead of the text, its body parameters in order', async () => {
      await submit({ ...submission, template: { name: 'order_update', language: 'en_US', bodyParameters: ['42', 'tomorrow'] } });
      expect(meta.requests[0].json).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '15551234567',
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'en_US', policy: 'deterministic' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: '42' }, { type: 'text', text: 'tomorrow' }] }],
        },
      });
    });

    it('quotes the inbound message in a template too', async () => {
      await submit({ ...submission, quotes: 'wamid.INBOUND123', template: { name: 'order_update', language: 'en_US', bodyParameters: ['42'] } });
      expect(meta.requests[0].json).toMatchObject({ type: 'template', context: { message_id: 'wamid.INBOUND123' } });
    });

    it('sends a template without placeholders without components', async () => {
      await submit({ ...submission, template: { name: 'hello_world', language: 'en_US', bodyParameters: [] } });
      expect((meta.requests[0].json as { template: unknown }).template).toEqual({ name: 'hello_world', language: { code: 'en_US', policy: 'deterministic' } });
    });
  });

  describe("Meta's error codes", () => {
    it('131047 (outside the 24-hour window): rejected, saying a template is needed and keeping 131047', async () => {
      meta.answer(errorAnswer(400, 131047, 'Re-engagement message', 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.'));
      const outcome = await submit();
      expect(outcome).toEqual({ kind: 'rejected', code: TEMPLATE_REQUIRED, message: expect.stringContaining('131047') as string });
      expect((outcome as { message: string }).message).toMatch(/template/);
    });

    it.each([
      [429, 130429, 'Rate limit hit'],
      [400, 131056, '(Business Account, Consumer Account) pair rate limit hit'],
      [400, 131057, 'Account in maintenance mode'],
      [500, 131000, 'Something went wrong'],
      [500, 1, 'API Unknown'],
      [503, 2, 'API Service'],
    ])('HTTP %i code %i (%s): transient', async (status, code, message) => {
      meta.answer(errorAnswer(status, code, message));
      const outcome = await submit();
      // The limits on the number itself pause its connection (connection-carriers.ts); the others wait per message.
      const throttled = code === 130429 || code === 131057 ? { throttled: true } : {};
      expect(outcome).toEqual({ kind: 'transient', reason: expect.stringContaining(String(code)) as string, ...throttled });
      expect(lines).toEqual([]);
    });

    it.each([
      [400, 131026, 'Message Undeliverable'],
      [400, 131048, 'Spam rate limit hit'],
      [400, 131049, 'Meta chose not to deliver'],
      [400, 368, 'Temporarily blocked for policies violations'],
    ])('HTTP %i code %i (%s): rejected with the code kept', async (status, code, message) => {
      meta.answer(errorAnswer(status, code, message));
      expect(await submit()).toEqual({ kind: 'rejected', code: String(code), message: expect.stringContaining(message) as string });
      expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    });

    it('131048 and 368 (the number limited for quality) are logged for an operator to watch', async () => {
      meta.answer(errorAnswer(400, 368, 'Temporarily blocked for policies violations'));
      await submit();
      expect(lines).toEqual([expect.objectContaining({ level: 'warn', connection: 'meta-main', code: 368 })]);
    });

    it.each([
      [400, 100, 'Invalid parameter'],
      [400, 131008, 'Required parameter is missing'],
      [400, 132000, 'Number of parameters does not match the expected number of params'],
      [404, 132001, 'Template name does not exist in the translation'],
    ])('HTTP %i code %i (%s): invalid', async (status, code, message) => {
      meta.answer(errorAnswer(status, code, message));
      expect(await submit()).toEqual({ kind: 'invalid', reason: expect.stringContaining(`${code}: ${message}`) as string });
      expect(lines).toEqual([]);
    });

    it.each([
      [401, 190, `Malformed access token ${TOKEN}`],
      [401, 0, 'AuthException: Authentication Error'],
      [400, 131042, 'Business eligibility payment issue'],
    ])('HTTP %i code %i: transient, and an error line an operator alerts on that never shows the token', async (status, code, message) => {
      meta.answer(errorAnswer(status, code, message));
      const outcome = await submit();
      expect(outcome).toEqual({ kind: 'transient', reason: expect.stringContaining(String(code)) as string });
      expect(lines).toEqual([expect.objectContaining({ level: 'error', connection: 'meta-main', code, fbtraceId: 'AbCdEfGhIjK' })]);
    });

    it('a token Meta echoes in its words is masked in the outcome and the log line', async () => {
      meta.answer(errorAnswer(401, 190, `Malformed access token ${TOKEN}`));
      const outcome = await submit();
      expect((outcome as { reason: string }).reason).toContain('Malformed access token [REDACTED]');
      expect(lines[0].metaMessage).toBe('Malformed access token [REDACTED]');
    });

    it('a code the table does not name goes by its status: 4xx invalid, 5xx transient, 429 transient', async () => {
      meta.answer(errorAnswer(400, 999_999, 'Something new'));
      expect((await submit()).kind).toBe('invalid');
      meta.answer(errorAnswer(500, 999_999, 'Something new'));
      expect((await submit()).kind).toBe('transient');
      meta.answer(errorAnswer(429, 999_999, 'Something new'));
      expect((await submit()).kind).toBe('transient');
    });
  });

  describe('answers that are not what Meta documents', () => {
    it('an HTML error page is transient, whatever its status', async () => {
      meta.answer({ status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' });
      expect(await submit()).toEqual({ kind: 'transient', reason: expect.stringMatching(/HTTP 502 .*not JSON/) as string });
      meta.answer({ status: 404, body: '<html><body>Not Found</body></html>' });
      expect((await submit()).kind).toBe('transient');
    });

    it('a 200 without messages[0].id is transient (no wamid: no receipt could ever match it)', async () => {
      meta.answer({ status: 200, body: { messaging_product: 'whatsapp', contacts: [], messages: [] } });
      expect(await submit()).toEqual({ kind: 'transient', reason: expect.stringContaining('without messages[0].id') as string });
    });

    it('no answer within timeoutSeconds is transient, not a thrown error', async () => {
      meta.answer({ ...sentAnswer(), delayMs: 3_000 });
      const slow = new WhatsAppCloudCarrier(connection(meta.url, 0.2));
      const started = Date.now();
      expect(await submit(submission, slow)).toEqual({ kind: 'transient', reason: expect.stringContaining('did not answer within 0.2 s') as string });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('a refused connection is transient and keeps what failed underneath for the log', async () => {
      const port = await closedPort();
      const outcome = await submit(submission, new WhatsAppCloudCarrier(connection(`http://127.0.0.1:${port}`)));
      expect(outcome).toEqual({ kind: 'transient', reason: expect.stringContaining('ECONNREFUSED') as string, error: expect.objectContaining({ code: 'ECONNREFUSED' }) as unknown });
    });
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
