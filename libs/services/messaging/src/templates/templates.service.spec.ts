import { randomUUID } from 'node:crypto';
import type { messagingV1 } from '@mp/contracts';
import { USER, type Principal } from '@mp/grpc';
import { messagingAccess } from '../grpc/messaging.access';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';
import { refusal } from '../testing/refusal';
import type { ReplyOption } from './template.types';

const SUB_A = '11111111-1111-4111-8111-111111111111';

const reminder: messagingV1.TemplateFields = {
  name: 'Appointment reminder',
  channelType: 'Sms',
  bodyTemplate: 'Hi {{name}}, your appointment is on {{ date }}. Reply C to confirm, R to reschedule.',
};
const confirmOrReschedule = {
  items: [
    { key: 'c', value: 'Confirm', aliases: ['yes1', 'ok'] },
    { key: 'R', value: 'Reschedule', aliases: [] },
  ],
};

describe('templates (embedded database)', () => {
  let database: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    h = await startHarness(database, { DISPATCH_ENABLED: false });
  });
  afterEach(() => h.close());

  const countTemplates = async () => Number((await h.db('templates').count({ n: '*' }))[0].n);
  const create = (fields: messagingV1.TemplateFields = reminder, replyOptions?: messagingV1.ReplyOptionList) =>
    h.createTemplate({ fields, replyOptions });

  it('every template method takes a signed-in user only (never an API key)', () => {
    for (const method of ['createTemplate', 'updateTemplate', 'getTemplate', 'listTemplates', 'renderTemplate'] as const) {
      expect(messagingAccess[method]).toBe(USER);
    }
  });

  describe('create', () => {
    it('stores the template with a new id, keys and aliases upper case, and its placeholders', async () => {
      const written = await create(reminder, confirmOrReschedule);
      expect(written.created).toBe(true);
      expect(written.template).toMatchObject({
        accountId: h.accountId,
        name: 'Appointment reminder',
        channelType: 'Sms',
        bodyTemplate: reminder.bodyTemplate,
        placeholders: ['name', 'date'],
        replyOptions: [
          { key: 'C', value: 'Confirm', aliases: ['YES1', 'OK'] },
          { key: 'R', value: 'Reschedule', aliases: [] },
        ],
      });
      expect(written.template?.createdAt).toBe(written.template?.updatedAt);
      expect(Math.abs(new Date(written.template?.createdAt as string).getTime() - h.clock.now().getTime())).toBeLessThan(5_000);
      const row = await h.db('templates').where({ template_id: written.template?.templateId }).first();
      expect(row).toMatchObject({ account_id: h.accountId, name: 'Appointment reminder', channel_type: 'Sms' });
      expect(row.reply_options).toEqual([
        { key: 'C', value: 'Confirm', aliases: ['YES1', 'OK'] },
        { key: 'R', value: 'Reschedule', aliases: [] },
      ]);
      expect(await h.getTemplate(written.template?.templateId as string)).toEqual(written.template);
    });

    it('trims the name; no options is none', async () => {
      const written = await create({ ...reminder, name: '  Welcome  ', channelType: 'WhatsApp' });
      expect(written.template).toMatchObject({ name: 'Welcome', channelType: 'WhatsApp', replyOptions: [] });
      expect((await h.db('templates').first()).reply_options).toBeNull();
    });

    it('required fields, all named at once, and nothing stored', async () => {
      const error = await refusal(h.createTemplate({ fields: {} }));
      expect([error.code, error.status]).toEqual(['VALIDATION_FAILED', 400]);
      expect(error.extensions.errors).toEqual({
        name: ['name is required'],
        channelType: ['channelType is required: one of Sms, WhatsApp, Email'],
        bodyTemplate: ['bodyTemplate is required'],
      });
      expect(await countTemplates()).toBe(0);
    });

    it.each<[string, messagingV1.TemplateFields, Record<string, string[]>]>([
      ['a blank name', { ...reminder, name: '   ' }, { name: ['name is required'] }],
      ['a 101-character name', { ...reminder, name: 'n'.repeat(101) }, { name: ['name must be at most 100 characters (got 101)'] }],
      ['an unknown channel', { ...reminder, channelType: 'sms' }, { channelType: ['channelType must be one of Sms, WhatsApp, Email'] }],
      ['a body over the SMS limit', { ...reminder, bodyTemplate: 'b'.repeat(1601) }, { bodyTemplate: ['bodyTemplate must be at most 1600 characters for Sms (got 1601)'] }],
      [
        'a malformed placeholder',
        { ...reminder, bodyTemplate: 'Hi {{first name}}' },
        {
          bodyTemplate: [
            'bodyTemplate: "{{first name}}" at character 4 is not a valid placeholder: a name is a letter or _ followed by up to 63 letters, digits, _, . or -',
          ],
        },
      ],
      [
        'an unclosed placeholder and a stray closing',
        { ...reminder, bodyTemplate: 'Hi }} {{name' },
        {
          bodyTemplate: [
            'bodyTemplate: "}}" at character 4 closes no placeholder',
            'bodyTemplate: "{{name" at character 7 opens a placeholder that is never closed with }}',
          ],
        },
      ],
    ])('%s: VALIDATION_FAILED naming the field, nothing stored', async (_name, fields, errors) => {
      const error = await refusal(create(fields));
      expect([error.code, error.status]).toEqual(['VALIDATION_FAILED', 400]);
      expect(error.extensions.errors).toEqual(errors);
      expect(await countTemplates()).toBe(0);
    });

    it('a WhatsApp body may be longer than an SMS one', async () => {
      expect((await create({ ...reminder, channelType: 'WhatsApp', bodyTemplate: 'b'.repeat(4096) })).created).toBe(true);
    });

    it.each<[string, messagingV1.TemplateFields, ReplyOption[], string, string]>([
      ['options on WhatsApp', { ...reminder, channelType: 'WhatsApp' }, [{ key: 'C', value: 'Confirm', aliases: [] }], 'REPLY_OPTION_INVALID', 'Only Sms templates may have reply options'],
      ['options on Email', { ...reminder, channelType: 'Email' }, [{ key: 'C', value: 'Confirm', aliases: [] }], 'REPLY_OPTION_INVALID', 'Only Sms templates may have reply options'],
      ['11 options', reminder, Array.from({ length: 11 }, (_, i) => ({ key: `K${i}`, value: 'v', aliases: [] })), 'REPLY_OPTION_INVALID', 'at most 10 reply options (got 11)'],
      ['a key with a space', reminder, [{ key: 'C 1', value: 'Confirm', aliases: [] }], 'REPLY_OPTION_INVALID', 'replyOptions[0].key "C 1" must be 1 to 20 letters or digits'],
      ['a 21-character key', reminder, [{ key: 'K'.repeat(21), value: 'v', aliases: [] }], 'REPLY_OPTION_INVALID', 'is 21 characters; at most 20'],
      ['a 65-character value', reminder, [{ key: 'C', value: 'v'.repeat(65), aliases: [] }], 'REPLY_OPTION_INVALID', 'replyOptions[0].value is 65 characters; at most 64.'],
      ['six aliases', reminder, [{ key: 'C', value: 'v', aliases: ['A', 'B', 'D', 'E', 'F', 'G'] }], 'REPLY_OPTION_INVALID', 'replyOptions[0] has 6 aliases; at most 5.'],
      ['a 21-character alias', reminder, [{ key: 'C', value: 'v', aliases: ['A'.repeat(21)] }], 'REPLY_OPTION_INVALID', 'replyOptions[0].aliases[0]'],
      ['a duplicate across key and alias', reminder, [{ key: 'C', value: 'v', aliases: [] }, { key: 'R', value: 'w', aliases: ['c'] }], 'REPLY_OPTION_INVALID', 'replyOptions[1].aliases[0] "c" repeats replyOptions[0].key "C"'],
      ['a reserved key', reminder, [{ key: 'Stop', value: 'v', aliases: [] }], 'REPLY_OPTION_RESERVED_KEYWORD', 'replyOptions[0].key "Stop" is a reserved word'],
      ['a reserved alias', reminder, [{ key: 'C', value: 'v', aliases: ['ok'] }, { key: 'R', value: 'w', aliases: ['x', 'unsubscribe'] }], 'REPLY_OPTION_RESERVED_KEYWORD', 'replyOptions[1].aliases[1] "unsubscribe" is a reserved word'],
    ])('%s: 400 with the code and the reason in detail, nothing stored', async (_name, fields, items, code, detail) => {
      const error = await refusal(create(fields, { items }));
      expect([error.code, error.status]).toEqual([code, 400]);
      expect(error.detail).toContain(detail);
      expect(await countTemplates()).toBe(0);
    });

    it('field errors come before option errors', async () => {
      const error = await refusal(create({ ...reminder, name: '' }, { items: [{ key: 'STOP', value: 'x', aliases: [] }] }));
      expect(error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('account-scoped create with the client’s id', () => {
    const templateId = randomUUID();

    it('creates, answers the same content unchanged, and refuses other content with 409', async () => {
      const first = await h.createTemplate({ templateId, fields: reminder, replyOptions: confirmOrReschedule });
      expect(first.created).toBe(true);
      expect(first.template?.templateId).toBe(templateId);

      h.clock.advance(60);
      // Same content as written by the client (case of keys, spaces of the value): the same template.
      const again = await h.createTemplate({
        templateId,
        fields: { ...reminder, name: ` ${reminder.name} ` },
        replyOptions: { items: [{ key: 'C', value: ' Confirm', aliases: ['YES1', 'OK'] }, { key: 'r', value: 'Reschedule', aliases: [] }] },
      });
      expect(again).toEqual({ created: false, template: first.template });

      const other = await refusal(h.createTemplate({ templateId, fields: { ...reminder, bodyTemplate: 'Changed {{name}}' } }));
      expect([other.code, other.status, other.detail]).toEqual([
        'CONFLICT',
        409,
        `Template ${templateId} already exists with other content; use PUT /v1/templates/{templateId} to change it.`,
      ]);
      const otherOptions = await refusal(h.createTemplate({ templateId, fields: reminder }));
      expect(otherOptions.code).toBe('CONFLICT');
      expect(await h.getTemplate(templateId)).toEqual(first.template);
      expect(await countTemplates()).toBe(1);
    });

    it('the same id in another account is another template, and never shows the first', async () => {
      await h.createTemplate({ templateId, fields: reminder });
      const otherAccount = randomUUID();
      const stranger: Principal = { kind: 'user', accountId: otherAccount, userId: 'u2', role: 'Admin' };
      const theirs = await h.messaging.handlers.createTemplate(
        { accountId: otherAccount, templateId, fields: { ...reminder, name: 'Theirs' } },
        { method: 'test', principal: stranger },
      );
      expect(theirs).toMatchObject({ created: true, template: { templateId, accountId: otherAccount, name: 'Theirs' } });
      expect((await h.getTemplate(templateId)).name).toBe('Appointment reminder');
      expect(await countTemplates()).toBe(2);
    });

    it('an id that is not a UUID: VALIDATION_FAILED naming templateId, nothing stored', async () => {
      const error = await refusal(h.createTemplate({ templateId: 'welcome', fields: reminder }));
      expect([error.code, error.status, error.extensions.errors]).toEqual(['VALIDATION_FAILED', 400, { templateId: ['templateId must be a UUID'] }]);
      expect(await countTemplates()).toBe(0);
    });

    it('invalid content is refused before the id is looked at', async () => {
      await h.createTemplate({ templateId, fields: reminder });
      expect((await refusal(h.createTemplate({ templateId, fields: { ...reminder, name: '' } }))).code).toBe('VALIDATION_FAILED');
    });
  });

  describe('update', () => {
    const update = (templateId: string, fields: messagingV1.TemplateFields, replyOptions?: messagingV1.ReplyOptionList) =>
      h.updateTemplate(templateId, { fields, replyOptions });

    it('omitted fields and options are kept, the channel too; updatedAt moves', async () => {
      const { template } = await create(reminder, confirmOrReschedule);
      const id = template?.templateId as string;
      h.clock.advance(30);
      const updated = await update(id, { name: 'Renamed' });
      expect(updated).toMatchObject({ name: 'Renamed', channelType: 'Sms', bodyTemplate: reminder.bodyTemplate, replyOptions: template?.replyOptions });
      expect(updated.createdAt).toBe(template?.createdAt);
      expect(new Date(updated.updatedAt as string).getTime()).toBeGreaterThan(new Date(template?.updatedAt as string).getTime());
      expect(await h.getTemplate(id)).toEqual(updated);
    });

    it('a list replaces the options; an empty list removes them', async () => {
      const id = (await create(reminder, confirmOrReschedule)).template?.templateId as string;
      const replaced = await update(id, {}, { items: [{ key: 'y1', value: 'Yes please', aliases: [] }] });
      expect(replaced.replyOptions).toEqual([{ key: 'Y1', value: 'Yes please', aliases: [] }]);
      const removed = await update(id, {}, { items: [] });
      expect(removed.replyOptions).toEqual([]);
      expect((await h.db('templates').where({ template_id: id }).first()).reply_options).toBeNull();
    });

    it('the result is checked as a whole: a new channel with the options left on is REPLY_OPTION_INVALID, nothing changed', async () => {
      const { template } = await create(reminder, confirmOrReschedule);
      const id = template?.templateId as string;
      const error = await refusal(update(id, { channelType: 'WhatsApp' }));
      expect([error.code, error.status]).toEqual(['REPLY_OPTION_INVALID', 400]);
      expect(error.detail).toContain('Only Sms templates may have reply options; this WhatsApp template has 2');
      expect(await h.getTemplate(id)).toEqual(template);
      // Removing them in the same update is fine.
      expect(await update(id, { channelType: 'WhatsApp' }, { items: [] })).toMatchObject({ channelType: 'WhatsApp', replyOptions: [] });
    });

    it('a body too long for the new channel names bodyTemplate', async () => {
      const id = (await create({ ...reminder, channelType: 'WhatsApp', bodyTemplate: 'b'.repeat(2000) })).template?.templateId as string;
      const error = await refusal(update(id, { channelType: 'Sms' }));
      expect(error.extensions.errors).toEqual({ bodyTemplate: ['bodyTemplate must be at most 1600 characters for Sms (got 2000)'] });
    });

    it('sent fields are checked: blank name, unknown channel, bad placeholder, all at once; nothing changed', async () => {
      const { template } = await create();
      const id = template?.templateId as string;
      const error = await refusal(update(id, { name: ' ', channelType: 'Fax', bodyTemplate: '{{}}' }));
      expect(Object.keys(error.extensions.errors ?? {}).sort()).toEqual(['bodyTemplate', 'channelType', 'name']);
      expect(await h.getTemplate(id)).toEqual(template);
    });

    it('option rules on update, nothing changed', async () => {
      const { template } = await create(reminder, confirmOrReschedule);
      const id = template?.templateId as string;
      const error = await refusal(update(id, {}, { items: [{ key: 'HELP', value: 'Help', aliases: [] }] }));
      expect([error.code, error.detail]).toEqual([
        'REPLY_OPTION_RESERVED_KEYWORD',
        expect.stringContaining('replyOptions[0].key "HELP" is a reserved word'),
      ]);
      expect(await h.getTemplate(id)).toEqual(template);
    });

    it('an unknown or malformed id: NOT_FOUND Template', async () => {
      for (const id of [randomUUID(), 'nope']) {
        const error = await refusal(update(id, { name: 'x' }));
        expect([error.code, error.status, error.detail]).toEqual(['NOT_FOUND', 404, 'Template not found.']);
      }
    });
  });

  describe('reach', () => {
    it("another account's template is NOT_FOUND for every method", async () => {
      const id = (await create()).template?.templateId as string;
      const stranger: Principal = { kind: 'user', accountId: randomUUID(), userId: 'u2', role: 'Admin' };
      const ctx = { method: 'test', principal: stranger };
      const calls = [
        h.messaging.handlers.getTemplate({ accountId: stranger.accountId, templateId: id }, ctx),
        h.messaging.handlers.updateTemplate({ accountId: stranger.accountId, templateId: id, fields: { name: 'mine' } }, ctx),
        h.messaging.handlers.renderTemplate({ accountId: stranger.accountId, templateId: id, templateParameters: {} }, ctx),
        // Naming the owner's account instead: the account is not theirs.
        h.messaging.handlers.getTemplate({ accountId: h.accountId, templateId: id }, ctx),
      ];
      for (const call of calls) expect((await refusal(call)).code).toBe('NOT_FOUND');
      expect((await h.messaging.handlers.listTemplates({ accountId: stranger.accountId }, ctx)).items).toEqual([]);
      expect((await h.getTemplate(id)).name).toBe('Appointment reminder');
    });

    it('a user limited to a subaccount may read templates but not manage them', async () => {
      const id = (await create()).template?.templateId as string;
      const limited: Principal = { ...h.user, subaccountId: SUB_A };
      expect((await h.getTemplate(id, limited)).templateId).toBe(id);
      expect((await h.listTemplates({}, limited)).items).toHaveLength(1);
      expect((await refusal(h.createTemplate({ fields: reminder }, limited))).code).toBe('NOT_FOUND');
      expect((await refusal(h.updateTemplate(id, { fields: { name: 'x' } }, limited))).code).toBe('NOT_FOUND');
      expect(await countTemplates()).toBe(1);
    });
  });

  describe('list', () => {
    it('newest first, keyset-paged without duplicates or gaps, cursor bound to the account', async () => {
      const created: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        created.push((await create({ ...reminder, name: `T${i}` })).template?.templateId as string);
        h.clock.advance(1);
      }
      const first = await h.listTemplates({ pageSize: '2' });
      const second = await h.listTemplates({ pageSize: '2', cursor: first.nextCursor });
      const third = await h.listTemplates({ pageSize: '2', cursor: second.nextCursor });
      expect(third.nextCursor).toBeUndefined();
      expect([...first.items, ...second.items, ...third.items].map((t) => t.templateId)).toEqual([...created].reverse());
      expect((await h.listTemplates()).items).toHaveLength(5);

      const stranger: Principal = { kind: 'user', accountId: randomUUID(), userId: 'u2', role: 'Admin' };
      const foreign = await refusal(
        h.messaging.handlers.listTemplates({ accountId: stranger.accountId, cursor: first.nextCursor }, { method: 'test', principal: stranger }),
      );
      expect(foreign.extensions.errors).toEqual({ cursor: ['is not a valid cursor for this list'] });
    });

    it.each([
      [{ pageSize: '0' }, { pageSize: ['must be a whole number from 1 to 200'] }],
      [{ pageSize: '201' }, { pageSize: ['must be a whole number from 1 to 200'] }],
      [{ pageSize: 'ten' }, { pageSize: ['must be a whole number from 1 to 200'] }],
      [{ cursor: 'not-a-cursor' }, { cursor: ['is not a valid cursor for this list'] }],
      [{ cursor: '' }, { cursor: ['is not a valid cursor for this list'] }],
      [{ pageSize: '0', cursor: 'x' }, { pageSize: ['must be a whole number from 1 to 200'], cursor: ['is not a valid cursor for this list'] }],
    ])('%p: 400 VALIDATION_FAILED naming %p', async (query, errors) => {
      const error = await refusal(h.listTemplates(query));
      expect([error.code, error.status, error.extensions.errors]).toEqual(['VALIDATION_FAILED', 400, errors]);
    });
  });

  describe('render', () => {
    it('fills the placeholders and counts segments on the rendered text', async () => {
      const id = (await create()).template?.templateId as string;
      expect(await h.renderTemplate(id, { name: 'Ana', date: 'May 3' })).toEqual({
        templateId: id,
        channelType: 'Sms',
        body: 'Hi Ana, your appointment is on May 3. Reply C to confirm, R to reschedule.',
        segmentCount: 1,
        encoding: 'gsm7',
        characterCount: 74,
        charactersPerSegment: 160,
      });
      expect(await h.renderTemplate(id, { name: 'Zoë 😀', date: 'x'.repeat(100) })).toMatchObject({ segmentCount: 3, encoding: 'ucs2', charactersPerSegment: 67 });
    });

    it('missing, blank and unknown parameters are each named; too long names templateParameters', async () => {
      const id = (await create()).template?.templateId as string;
      const error = await refusal(h.renderTemplate(id, { name: ' ', extra: 'x' }));
      expect([error.code, error.status]).toEqual(['VALIDATION_FAILED', 400]);
      expect(error.extensions.errors).toEqual({
        'templateParameters.name': ['templateParameters.name must not be blank: the text would read incomplete'],
        'templateParameters.date': ['templateParameters.date is required: the template has the placeholder {{date}}'],
        'templateParameters.extra': ['templateParameters.extra is not a placeholder of the template (its placeholders are name, date)'],
      });
      const long = await refusal(h.renderTemplate(id, { name: 'n'.repeat(1600), date: 'x' }));
      expect(Object.keys(long.extensions.errors ?? {})).toEqual(['templateParameters']);
    });

    it('a WhatsApp template is one message however long', async () => {
      const id = (await create({ ...reminder, channelType: 'WhatsApp' })).template?.templateId as string;
      expect(await h.renderTemplate(id, { name: 'n'.repeat(300), date: 'd' })).toMatchObject({ channelType: 'WhatsApp', segmentCount: 1 });
    });

    it('an unknown template: NOT_FOUND', async () => {
      expect((await refusal(h.renderTemplate(randomUUID(), {}))).code).toBe('NOT_FOUND');
    });
  });
});
