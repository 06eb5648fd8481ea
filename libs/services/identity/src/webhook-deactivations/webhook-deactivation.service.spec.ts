import { randomUUID } from 'node:crypto';
import { TOPICS, webhooksEvents } from '@mp/contracts';
import type { EventEnvelope } from '@mp/events';
import { consumeOnce, type EventConsumer } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import { as, signUp, startIdentity, TEST_CONFIG, uniqueEmail, type IdentityHarness } from '../testing/identity-harness';
import { inviteAndAccept } from '../testing/user-helpers';
import { WEBHOOK_DEACTIVATION_CONSUMER_GROUP, webhookDeactivationConsumer } from './webhook-deactivation.consumer';

let h: IdentityHarness;
/** The consumer as the module builds it, but logging into `logs` so the tests can read what it said. */
let consumer: EventConsumer<unknown>;
let logs: { level: string; message: string }[] = [];

beforeAll(async () => {
  h = await startIdentity();
  expect(h.parts.consumers!.map((c) => c.group)).toContain(WEBHOOK_DEACTIVATION_CONSUMER_GROUP);
  const logger = createLogger('debug', {}, (line) => logs.push(JSON.parse(line)));
  consumer = webhookDeactivationConsumer({ config: h.deps.config, clock: h.clock, logger });
});
beforeEach(() => {
  logs = [];
});
afterAll(() => h.close());

const deactivated = (fields: Partial<webhooksEvents.WebhookEndpointDeactivated> & { accountId: string }): EventEnvelope => {
  const payload = {
    webhookId: randomUUID(),
    url: 'https://hooks.example.com/mp',
    label: 'main',
    consecutiveFailures: 50,
    lastError: 'HTTP 503 Service Unavailable',
    occurredAt: '2026-10-20T10:00:00.000Z',
    ...fields,
  };
  return {
    id: randomUUID(),
    type: 'WebhookEndpointDeactivated',
    version: 1,
    topic: TOPICS.webhooks,
    key: fields.accountId,
    occurredAt: payload.occurredAt,
    payload: webhooksEvents.WebhookEndpointDeactivated.toJSON(payload),
  };
};
/** As the host runs it: applied in a transaction with calls to other services refused. */
const consume = (event: EventEnvelope) => consumeOnce(h.db, consumer, event);
const mailsAbout = (webhookId: string) => h.db('outgoing_mail').where({ kind: 'webhook_deactivated' }).andWhereLike('text', `%${webhookId}%`);
const mailCount = async () => (await h.db('outgoing_mail').where({ kind: 'webhook_deactivated' }).count({ n: '*' }))[0].n;

describe('webhook endpoint deactivations (identity consumer)', () => {
  it('listens to webhooks.events', () => {
    expect(consumer.topics).toEqual([TOPICS.webhooks]);
  });

  it('queues one mail to each active Admin of the account, and to no one else', async () => {
    const admin = await signUp(h);
    const secondAdmin = await inviteAndAccept(h, admin.principal, 'Admin');
    await inviteAndAccept(h, admin.principal, 'Manager');
    await inviteAndAccept(h, admin.principal, 'Member');
    const leftAdmin = await inviteAndAccept(h, admin.principal, 'Admin');
    await h.handlers.deactivateUser({ userId: leftAdmin.userId }, as(admin.principal));
    // Invited, not yet accepted: not active either.
    await h.handlers.inviteUser({ email: uniqueEmail('pending'), role: 'Admin' }, as(admin.principal));
    await signUp(h); // another account's Admin
    const before = Number(await mailCount());

    const webhookId = randomUUID();
    await consume(deactivated({ accountId: admin.accountId, webhookId }));

    expect(Number(await mailCount())).toBe(before + 2);
    const queued = await mailsAbout(webhookId);
    expect(queued.map((m) => m.to_address).sort()).toEqual([admin.email, secondAdmin.email].sort());
    for (const mail of queued) {
      expect(mail).toMatchObject({ status: 'queued', from_address: TEST_CONFIG.MAIL_FROM, subject: 'Webhook endpoint deactivated: main' });
    }
  });

  it('says what happened and how to re-activate the endpoint', async () => {
    const admin = await signUp(h);
    const webhookId = randomUUID();
    await consume(deactivated({ accountId: admin.accountId, webhookId }));
    const [mail] = await h.db('outgoing_mail').where({ kind: 'webhook_deactivated', to_address: admin.email });
    const lines = (mail.text as string).split('\n');
    expect(mail.text).toContain('deactivated after 50 failed deliveries in a row (at 2026-10-20T10:00:00.000Z)');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Label: main',
        'URL: https://hooks.example.com/mp',
        `Webhook id: ${webhookId}`,
        'Last error: HTTP 503 Service Unavailable',
        'Events are no longer sent to this endpoint.',
        `PUT ${TEST_CONFIG.PUBLIC_BASE_URL}/v1/webhooks/${webhookId}`,
        '{"active": true}',
        `The delivery log: GET ${TEST_CONFIG.PUBLIC_BASE_URL}/v1/webhooks/${webhookId}/deliveries`,
      ]),
    );
    expect(mail.text).toMatch(/resets its failure count/);
  });

  it('names the endpoint by its URL without a label, leaves out a missing error, and keeps a long label within the subject column', async () => {
    const admin = await signUp(h);
    await consume(deactivated({ accountId: admin.accountId, label: '', lastError: undefined }));
    const [plain] = await h.db('outgoing_mail').where({ kind: 'webhook_deactivated', to_address: admin.email });
    expect(plain.subject).toBe('Webhook endpoint deactivated: https://hooks.example.com/mp');
    expect(plain.text).not.toMatch(/^(Label|Last error):/m);

    const other = await signUp(h);
    await consume(deactivated({ accountId: other.accountId, label: `line\nbreak ${'x'.repeat(300)}` }));
    const [long] = await h.db('outgoing_mail').where({ kind: 'webhook_deactivated', to_address: other.email });
    expect(long.subject.length).toBeLessThanOrEqual(200);
    expect(long.subject).toMatch(/^Webhook endpoint deactivated: line break x+…$/);
  });

  it('queues nothing for an account without an active Admin', async () => {
    const before = await mailCount();
    const accountId = randomUUID();
    await consume(deactivated({ accountId }));
    expect(await mailCount()).toBe(before);
    expect(logs).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringMatching(/no active Admin/), accountId }));
  });

  it('skips a malformed event and other event types, queueing nothing and not failing (no endless retry)', async () => {
    const admin = await signUp(h);
    const before = await mailCount();
    await consume(deactivated({ accountId: 'not-a-uuid' }));
    await consume(deactivated({ accountId: '' }));
    await consume(deactivated({ accountId: admin.accountId, webhookId: '' }));
    await consume({ ...deactivated({ accountId: admin.accountId }), payload: null });
    expect(logs.filter((l) => l.level === 'error' && l.message === 'webhook deactivation ignored')).toHaveLength(4);
    await consume({ ...deactivated({ accountId: admin.accountId }), type: 'WebhookEndpointCreated' });
    expect(await mailCount()).toBe(before);
  });
});
