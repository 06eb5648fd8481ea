import { randomUUID } from 'node:crypto';
import type { messagingV1 } from '@mp/contracts';
import { startFakeCloudApi, type FakeCloudApi } from '../carriers/whatsapp-cloud/testing/fake-cloud-api';
import { refusal } from '../testing/refusal';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

// Issue 29 point 1: a WhatsApp template linked to an approved template of Meta's (name, language) is sent as it,
// the placeholders' values as its body parameters in order of first use.
const shipped: messagingV1.TemplateFields = {
  name: 'Order shipped',
  channelType: 'WhatsApp',
  bodyTemplate: 'Hi {{name}}, order {{ order }} ships on {{date}}. Thanks, {{name}}!',
};
const link = (name: string, language: string): messagingV1.WhatsAppTemplateLinkChange => ({ link: { name, language } });

describe('templates linked to an approved WhatsApp template', () => {
  let database: TestDatabase;
  let meta: FakeCloudApi;
  let h: Harness;
  beforeAll(async () => {
    database = await openTestDatabase();
    meta = await startFakeCloudApi();
  });
  afterAll(async () => {
    await meta.close();
    await database.close();
  });
  beforeEach(async () => {
    meta.requests.length = 0;
    const connections = [
      { name: 'meta', protocol: 'whatsapp-cloud', channel: 'WhatsApp', numbers: ['*'], priority: 1, baseUrl: meta.url, phoneNumberId: '106540352242922', accessToken: 'meta-token', appSecret: 'app-secret', verifyToken: 'verify' },
    ];
    h = await startHarness(database, { CARRIER_CONNECTIONS: JSON.stringify(connections) });
  });
  afterEach(() => h.close());

  const stored = async (templateId: string) => h.db('templates').where({ template_id: templateId }).first();

  describe('the resource', () => {
    it('is set on create, read back, kept by an update that omits it, replaced, and removed by null', async () => {
      const written = await h.createTemplate({ fields: shipped, whatsappTemplate: link('order_shipped', 'en_US') });
      const templateId = written.template!.templateId;
      expect(written.template?.whatsappTemplate).toEqual({ name: 'order_shipped', language: 'en_US' });
      expect(await h.getTemplate(templateId)).toMatchObject({ whatsappTemplate: { name: 'order_shipped', language: 'en_US' } });
      expect((await h.listTemplates()).items[0].whatsappTemplate).toEqual({ name: 'order_shipped', language: 'en_US' });

      expect((await h.updateTemplate(templateId, { fields: { name: 'Order sent' } })).whatsappTemplate).toEqual({ name: 'order_shipped', language: 'en_US' });
      expect((await h.updateTemplate(templateId, { whatsappTemplate: link('order_shipped_v2', 'pt_BR') })).whatsappTemplate).toEqual({
        name: 'order_shipped_v2',
        language: 'pt_BR',
      });
      const removed = await h.updateTemplate(templateId, { whatsappTemplate: {} });
      expect(removed.whatsappTemplate).toBeUndefined();
      expect(await stored(templateId)).toMatchObject({ whatsapp_template_name: null, whatsapp_template_language: null });
    });

    it('a template without one has none', async () => {
      const written = await h.createTemplate({ fields: shipped });
      expect(written.template?.whatsappTemplate).toBeUndefined();
    });

    it('an SMS template cannot have one: VALIDATION_FAILED naming whatsappTemplate, nothing stored', async () => {
      const error = await refusal(h.createTemplate({ fields: { ...shipped, channelType: 'Sms' }, whatsappTemplate: link('order_shipped', 'en_US') }));
      expect([error.code, error.status]).toEqual(['VALIDATION_FAILED', 400]);
      expect(error.extensions.errors).toEqual({ whatsappTemplate: [expect.stringContaining('this is a Sms template')] });
      expect(Number((await h.db('templates').count({ n: '*' }))[0].n)).toBe(0);
    });

    it("Meta's name and language rules, each named; nothing stored", async () => {
      for (const [name, language, fields] of [
        ['Order Shipped', 'en_US', ['whatsappTemplate.name']],
        ['order-shipped', 'en', ['whatsappTemplate.name']],
        ['o'.repeat(513), 'en', ['whatsappTemplate.name']],
        ['', 'en', ['whatsappTemplate.name']],
        ['order_shipped', 'english', ['whatsappTemplate.language']],
        ['order_shipped', 'en-US', ['whatsappTemplate.language']],
        ['order_shipped', '', ['whatsappTemplate.language']],
        ['Bad name', 'EN', ['whatsappTemplate.name', 'whatsappTemplate.language']],
      ] as const) {
        const error = await refusal(h.createTemplate({ fields: shipped, whatsappTemplate: link(name, language) }));
        expect([name, language, error.code, Object.keys(error.extensions.errors as object)]).toEqual([name, language, 'VALIDATION_FAILED', fields]);
      }
      expect(Number((await h.db('templates').count({ n: '*' }))[0].n)).toBe(0);
      // The longest name Meta allows, and a language alone, are taken.
      const longest = await h.createTemplate({ fields: shipped, whatsappTemplate: link('o'.repeat(512), 'fil') });
      expect(longest.template?.whatsappTemplate).toEqual({ name: 'o'.repeat(512), language: 'fil' });
    });

    it('an update is checked as a whole: a channel change with the link left on is refused, nothing changed', async () => {
      const written = await h.createTemplate({ fields: shipped, whatsappTemplate: link('order_shipped', 'en_US') });
      const templateId = written.template!.templateId;
      const before = await stored(templateId);
      for (const request of [
        { fields: { channelType: 'Sms' } },
        { fields: { channelType: 'Email' }, whatsappTemplate: link('order_shipped', 'en_US') },
        { whatsappTemplate: link('order_shipped', 'en_us') },
      ]) {
        const error = await refusal(h.updateTemplate(templateId, request));
        expect(error.code).toBe('VALIDATION_FAILED');
      }
      expect(await stored(templateId)).toEqual(before);
      // Removing the link with the channel change is the way to do it.
      expect(await h.updateTemplate(templateId, { fields: { channelType: 'Sms' }, whatsappTemplate: {} })).toMatchObject({ channelType: 'Sms' });
    });

    it('a repeated create with the client’s id compares the link too', async () => {
      const templateId = randomUUID();
      await h.createTemplate({ templateId, fields: shipped, whatsappTemplate: link('order_shipped', 'en_US') });
      expect((await h.createTemplate({ templateId, fields: shipped, whatsappTemplate: link('order_shipped', 'en_US') })).created).toBe(false);
      expect((await refusal(h.createTemplate({ templateId, fields: shipped, whatsappTemplate: link('order_shipped', 'en_GB') }))).code).toBe('CONFLICT');
      expect((await refusal(h.createTemplate({ templateId, fields: shipped }))).code).toBe('CONFLICT');
    });
  });

  describe('a send from a linked template', () => {
    it("reaches Meta as the template, its body parameters the placeholders' values in order of first use", async () => {
      const written = await h.createTemplate({ fields: shipped, whatsappTemplate: link('order_shipped', 'en_US') });
      // Given in another order than the body uses them: the order is the body's.
      const sent = await h.send({
        channelType: undefined,
        body: undefined,
        templateId: written.template!.templateId,
        templateParameters: { date: 'Monday', order: 'A-42', name: 'Ann' },
      });
      expect(sent).toMatchObject({ channelType: 'WhatsApp', body: 'Hi Ann, order A-42 ships on Monday. Thanks, Ann!' });
      // Edited after the send and before dispatch: the message keeps what it was sent with.
      await h.updateTemplate(written.template!.templateId, { whatsappTemplate: link('order_shipped_v2', 'de') });
      await h.dispatch();
      await h.messaging.dispatcher.idle();

      expect(await h.get(sent.messageId)).toMatchObject({ status: 'dispatched' });
      expect(meta.requests.map((r) => r.json)).toEqual([
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '14155550123',
          type: 'template',
          template: {
            name: 'order_shipped',
            language: { code: 'en_US', policy: 'deterministic' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Ann' },
                  { type: 'text', text: 'A-42' },
                  { type: 'text', text: 'Monday' },
                ],
              },
            ],
          },
        },
      ]);
    });

    it('a linked template without placeholders is sent without components; an unlinked one as text', async () => {
      const linked = await h.createTemplate({ fields: { ...shipped, bodyTemplate: 'Your order shipped.' }, whatsappTemplate: link('order_shipped_plain', 'en') });
      const plain = await h.createTemplate({ fields: { ...shipped, name: 'Plain', bodyTemplate: 'Hello {{name}}' } });
      await h.send({ body: undefined, templateId: linked.template!.templateId, destination: '+14155550123' });
      await h.send({ body: undefined, templateId: plain.template!.templateId, templateParameters: { name: 'Bo' }, destination: '+14155550124' });
      await h.dispatch();
      await h.messaging.dispatcher.idle();

      const byRecipient = Object.fromEntries(meta.requests.map((r) => [(r.json as { to: string }).to, r.json]));
      expect(byRecipient['14155550123']).toMatchObject({ type: 'template', template: { name: 'order_shipped_plain', language: { code: 'en', policy: 'deterministic' } } });
      expect(byRecipient['14155550123']).not.toHaveProperty('template.components');
      expect(byRecipient['14155550124']).toMatchObject({ type: 'text', text: { body: 'Hello Bo' } });
    });
  });
});
