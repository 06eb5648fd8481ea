import { createHmac, randomUUID } from 'node:crypto';
import { ApiClient, type ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { mailedValue } from './support/mfa-journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/**
 * Recipient consent through the public API (spec 2.7, 4.3 rule 3, 4.7, 5.6,
 * 6.2): opt-outs by scope on both route bases, where each scope blocks,
 * STOP and START replies, re-subscribe with evidence, evidence records, the
 * ledger and the consent events. CSV import and export come later.
 */
let booted: BootedPlatform;
let api: ApiClient;
let admin: SignedUpUser;
let number: string;
let sub1: string;
let sub2: string;
/** Keys: default rights (no consent rights), read, manage, manage limited to sub1. */
const keys: Record<'plain' | 'read' | 'manage' | 'sub1', string> = { plain: '', read: '', manage: '', sub1: '' };
let memberToken: string;

async function createKey(body: Record<string, unknown>): Promise<string> {
  const res = await api.post('/v1/api-keys', { token: admin.accessToken, body });
  if (res.status !== 201) throw new Error(`api key: ${res.text}`);
  return res.body.key;
}

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  admin = await signUp(api, 'consent');
  number = await sandboxNumber(api, admin.accessToken);
  const subs = await Promise.all(
    ['North', 'South'].map((name) => api.post(`/v1/accounts/${admin.accountId}/subaccounts`, { token: admin.accessToken, body: { name } })),
  );
  [sub1, sub2] = subs.map((s) => s.body.subaccountId);
  keys.plain = await createKey({ name: 'plain' });
  keys.read = await createKey({ name: 'read', rights: ['ReadMessages', 'ReadRecipientConsent'] });
  keys.manage = await createKey({ name: 'manage', rights: ['SendMessages', 'ReadMessages', 'ManageRecipientConsent'] });
  keys.sub1 = await createKey({ name: 'north', rights: ['SendMessages', 'ReadMessages', 'ManageRecipientConsent'], subaccountId: sub1 });
  // A Member, invited by the Admin and signed in from the mailed invitation.
  const email = uniqueEmail('member');
  const invited = await api.post('/v1/account/users', { token: admin.accessToken, body: { email, role: 'Member' } });
  if (invited.status !== 201) throw new Error(`invite: ${invited.text}`);
  const token = await mailedValue(api, email, /Invitation token: (\S+)/);
  const accepted = await api.post('/v1/auth/accept-invitation', { body: { token, password: 'a long enough password' } });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.text}`);
  memberToken = accepted.body.accessToken;
}, 60_000);

const accountBase = () => `/v1/accounts/${admin.accountId}/recipient-consent`;
const subBase = (subaccountId: string) => `/v1/subaccounts/${subaccountId}/recipient-consent`;

function expectProblem(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ title: expect.any(String), detail: expect.any(String), traceId: expect.any(String) });
}

const optOutsStored = () => countRows(booted.platform, 'consent', 'opt_outs', { account_id: admin.accountId });
const entriesStored = () => countRows(booted.platform, 'consent', 'consent_entries', { account_id: admin.accountId });
const consentEvents = async (recipient: string) => {
  const rows = await booted.platform.adapters.databases.forSchema('consent')('outbox').where({ key: recipient }).orderBy('id');
  return rows.map((row: { type: string; envelope: string | { payload: Record<string, unknown> } }) => ({
    type: row.type,
    ...(typeof row.envelope === 'string' ? JSON.parse(row.envelope).payload : row.envelope.payload),
  }));
};

const optOut = (base: string, body: Record<string, unknown>, apiKey = keys.manage) => api.post(`${base}/opt-out`, { apiKey, body });

/** Sends and waits for the first attempt's outcome: `delivered` (allowed) or `failed` (blocked). */
async function sendOutcome(to: string, options: { subaccountId?: string; channelType?: string } = {}): Promise<{ status: string; message: ApiResponse }> {
  const path = options.subaccountId ? `/v1/subaccounts/${options.subaccountId}/messages` : `/v1/accounts/${admin.accountId}/messages`;
  const sent = await api.post(path, { apiKey: options.subaccountId === sub1 ? keys.sub1 : keys.manage, body: { to, body: 'Hello', channelType: options.channelType } });
  if (sent.status !== 201) throw new Error(`send: ${sent.text}`);
  const message = await waitFor(
    () => api.get(`/v1/accounts/${admin.accountId}/messages/${sent.body.messageId}`, { apiKey: keys.manage }),
    (r) => r.status === 200 && ['delivered', 'failed'].includes(r.body.status),
    { what: `the outcome of a send to ${to}` },
  );
  return { status: message.body.status, message };
}

describe('recording opt-outs (rule 1)', () => {
  it('needs a scope on account routes: RECIPIENT_OPT_OUT_SCOPE_REQUIRED, nothing stored', async () => {
    const before = await optOutsStored();
    const res = await optOut(accountBase(), { recipient: freshDestination(), channelType: 'Sms' });
    expectProblem(res, 400, 'RECIPIENT_OPT_OUT_SCOPE_REQUIRED');
    const bad = await optOut(accountBase(), { recipient: freshDestination(), channelType: 'Sms', scope: 'everywhere' });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors)).toContain('scope');
    const onSub = await optOut(subBase(sub1), { recipient: freshDestination(), channelType: 'Sms', scope: 'entireAccount' });
    expectProblem(onSub, 400, 'VALIDATION_FAILED');
    expect(Object.keys(onSub.body.errors)).toContain('scope');
    const fields = await optOut(subBase(sub1), { recipient: 'nobody', channelType: 'Sms' });
    expectProblem(fields, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fields.body.errors)).toEqual(['recipient']);
    expect(await optOutsStored()).toBe(before);
  });

  it('records the same opt-out twice without error, once, with one event', async () => {
    const recipient = freshDestination();
    const first = await optOut(subBase(sub1), { recipient, channelType: 'Sms', reason: 'asked by phone' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ recipient, channelType: 'Sms', scope: 'subaccount', subaccountId: sub1, source: 'customer', reason: 'asked by phone' });
    const entries = await entriesStored();
    const again = await optOut(subBase(sub1), { recipient, channelType: 'Sms' });
    expect(again.status).toBe(200);
    expect(again.body.optOutId).toBe(first.body.optOutId);
    expect(await entriesStored()).toBe(entries);
    const events = await consentEvents(recipient);
    expect(events).toEqual([
      expect.objectContaining({ type: 'RecipientOptedOut', recipient, channel: 'Sms', scope: 'subaccount', subaccountId: sub1, entryId: first.body.entryId }),
    ]);
    const listed = await api.get(`${subBase(sub1)}/opt-outs?recipient=${encodeURIComponent(recipient)}`, { apiKey: keys.read });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([first.body]);
    const accountList = await api.get(`${accountBase()}/opt-outs?recipient=${encodeURIComponent(recipient)}`, { apiKey: keys.read });
    expect(accountList.body.items).toEqual([expect.objectContaining({ scope: 'subaccount', subaccountId: sub1 })]);
  });
});

describe('rights and reach (rule 4, 5.6)', () => {
  it('reads with any user role or a consent key; changes with Admin, Manager or ManageRecipientConsent', async () => {
    const recipient = freshDestination();
    const read = (options: { apiKey?: string; token?: string }) => api.get(`${accountBase()}/preferences?recipient=${encodeURIComponent(recipient)}`, options);
    const change = (options: { apiKey?: string; token?: string }) =>
      api.post(`${accountBase()}/opt-out`, { ...options, body: { recipient, channelType: 'Sms', scope: 'accountLevelOnly' } });
    const before = await optOutsStored();
    expectProblem(await read({ apiKey: keys.plain }), 403, 'FORBIDDEN');
    expectProblem(await change({ apiKey: keys.plain }), 403, 'FORBIDDEN');
    expect((await read({ apiKey: keys.read })).status).toBe(200);
    expectProblem(await change({ apiKey: keys.read }), 403, 'FORBIDDEN');
    expect((await read({ token: memberToken })).status).toBe(200);
    expectProblem(await change({ token: memberToken }), 403, 'FORBIDDEN');
    expect(await optOutsStored()).toBe(before);
    expect((await read({ token: admin.accessToken })).status).toBe(200);
    expect((await change({ token: admin.accessToken })).status).toBe(201);
    expect((await change({ apiKey: keys.manage })).status).toBe(200);
  });

  it('gives an existing key no consent rights until they are added with PUT /v1/api-keys/{id}', async () => {
    const created = await api.post('/v1/api-keys', { token: admin.accessToken, body: { name: 'older key' } });
    expect(created.body.rights).not.toContain('ReadRecipientConsent');
    const read = () => api.get(`${accountBase()}/opt-outs`, { apiKey: created.body.key });
    expectProblem(await read(), 403, 'FORBIDDEN');
    const updated = await api.put(`/v1/api-keys/${created.body.apiKeyId}`, {
      token: admin.accessToken,
      body: { rights: [...created.body.rights, 'ReadRecipientConsent'] },
    });
    expect(updated.status).toBe(200);
    expect((await read()).status).toBe(200);
  });

  it('keeps a subaccount key to its own subaccount: the account base and another subaccount are 404', async () => {
    const before = await optOutsStored();
    const recipient = freshDestination();
    expectProblem(await optOut(accountBase(), { recipient, channelType: 'Sms', scope: 'entireAccount' }, keys.sub1), 404, 'NOT_FOUND');
    expectProblem(await optOut(subBase(sub2), { recipient, channelType: 'Sms' }, keys.sub1), 404, 'NOT_FOUND');
    expectProblem(await api.get(`${accountBase()}/opt-outs`, { apiKey: keys.sub1 }), 404, 'NOT_FOUND');
    expectProblem(await api.get(`${subBase(randomUUID())}/opt-outs`, { apiKey: keys.manage }), 404, 'NOT_FOUND');
    expect(await optOutsStored()).toBe(before);
    expect((await optOut(subBase(sub1), { recipient, channelType: 'Sms' }, keys.sub1)).status).toBe(201);
  });
});

describe('where an opt-out blocks (rule 3)', () => {
  // [scope recorded, account-level send, send through sub1, send through sub2]
  const table: Array<[string, (recipient: string) => Promise<ApiResponse>, boolean, boolean, boolean]> = [
    ['subaccount (sub1)', (recipient) => optOut(subBase(sub1), { recipient, channelType: 'Sms' }), true, true, false],
    ['accountLevelOnly', (recipient) => optOut(accountBase(), { recipient, channelType: 'Sms', scope: 'accountLevelOnly' }), true, false, false],
    ['entireAccount', (recipient) => optOut(accountBase(), { recipient, channelType: 'Sms', scope: 'entireAccount' }), true, true, true],
  ];
  it.each(table)('%s', async (_scope, record, accountBlocked, sub1Blocked, sub2Blocked) => {
    const recipient = freshDestination();
    expect((await record(recipient)).status).toBe(201);
    const [account, viaSub1, viaSub2] = await Promise.all([
      sendOutcome(recipient),
      sendOutcome(recipient, { subaccountId: sub1 }),
      sendOutcome(recipient, { subaccountId: sub2 }),
    ]);
    expect([account.status, viaSub1.status, viaSub2.status]).toEqual([accountBlocked, sub1Blocked, sub2Blocked].map((b) => (b ? 'failed' : 'delivered')));
    // The opt-out only ever covered Sms.
    expect((await sendOutcome(recipient, { channelType: 'WhatsApp' })).status).toBe('delivered');
    // A blocked message never reached the carrier and says why, naming the deciding ledger entry.
    const blocked = [account, viaSub1, viaSub2].find((o) => o.status === 'failed')!;
    expect(blocked.message.body.channelHistory).toEqual([]);
    const rejected = blocked.message.body.auditTrail.find((a: { event: string }) => a.event === 'rejected');
    expect(rejected.detail).toMatch(/opted out.*consent decided by entry [0-9a-f-]{36}/);
  });
});

describe('STOP and START replies (4.3 rule 3)', () => {
  it('STOP blocks the receiving number on every channel; START lifts it; each change is one event', async () => {
    const person = freshDestination();
    const inbound = (body: string) =>
      api.post('/v1/sandbox/inbound', { apiKey: keys.manage, body: { channelType: 'Sms', from: person, to: number, body } });
    expect((await inbound('STOP')).status).toBe(202);
    await waitFor(
      () => api.get(`${accountBase()}/opt-outs?recipient=${encodeURIComponent(person)}`, { apiKey: keys.read }),
      (r) => r.status === 200 && r.body.items.some((o: { scope: string }) => o.scope === 'stopReply'),
      { what: 'the STOP opt-out' },
    );
    expect((await sendOutcome(person)).status).toBe('failed');
    expect((await sendOutcome(person, { channelType: 'WhatsApp' })).status).toBe('failed');
    // Evidence never lifts it, and says so.
    const evidence = await api.post(`${accountBase()}/opt-in-records`, {
      apiKey: keys.manage,
      body: { phone_number: person, opted_in_at: '2026-01-01T00:00:00Z', method: 'WebForm' },
    });
    expect(evidence.status).toBe(201);
    expect(evidence.headers.get('x-consent-warning')).toEqual(expect.any(String));
    // A STOP is the recipient's own: re-subscribing cannot lift it.
    const entries = await entriesStored();
    const refused = await api.post(`${accountBase()}/opt-in`, {
      apiKey: keys.manage,
      body: { recipient: person, channelType: 'Sms', consentConfirmed: true, consentMethod: 'Verbal', consentEvidence: 'call on Monday' },
    });
    expectProblem(refused, 409, 'RECIPIENT_OPT_OUT_NOT_LIFTABLE');
    expect(await entriesStored()).toBe(entries);

    // A second STOP changes nothing. It is taken in before START is sent: the simulated carrier posts
    // callbacks concurrently, and consent applies STOP and START in the order replies took them in.
    expect((await inbound('stop')).status).toBe(202);
    await waitFor(
      () => api.get(`/v1/accounts/${admin.accountId}/inbound-messages?pageSize=200`, { apiKey: keys.manage }),
      (r) => r.status === 200 && r.body.items.some((i: { from: string; body: string }) => i.from === person && i.body === 'stop'),
      { what: 'the second STOP taken in' },
    );
    expect((await inbound('START')).status).toBe(202);
    await waitFor(
      () => api.get(`${accountBase()}/opt-outs?recipient=${encodeURIComponent(person)}`, { apiKey: keys.read }),
      (r) => r.status === 200 && r.body.items.length === 0,
      { what: 'START to lift the STOP' },
    );
    expect((await sendOutcome(person)).status).toBe('delivered');
    const events = (await consentEvents(person)).map((e: { type: string; scope: string; receivingNumber?: string; sourceLabel: string }) => [e.type, e.receivingNumber]);
    expect(events).toEqual([
      ['RecipientOptedOut', number],
      ['RecipientOptedIn', number],
    ]);
  });

  /** Waits until consent has taken in all `count` replies of `person` that replies published. */
  async function takenIn(person: string, count: number) {
    const databases = booted.platform.adapters.databases;
    const published = await waitFor(
      () => databases.forSchema('replies')('outbox').where({ type: 'MessageReceived', key: person }).pluck('event_id'),
      (ids: string[]) => ids.length === count,
      { what: `${count} replies of ${person} published` },
    );
    await waitFor(
      () => databases.forSchema('consent')('processed_events').where({ consumer_group: 'consent.reply-keywords' }).whereIn('event_id', published).pluck('event_id'),
      (ids: string[]) => ids.length === count,
      { what: `${count} replies of ${person} taken in by consent` },
    );
  }

  async function expectAllowed(person: string) {
    const prefs = await api.get(`${accountBase()}/preferences?recipient=${encodeURIComponent(person)}`, { apiKey: keys.read });
    expect(prefs.body.channels.map((c: { status: string }) => c.status)).toEqual(['opted_in', 'opted_in', 'opted_in']);
    expect((await sendOutcome(person)).status).toBe('delivered');
  }

  it('STOP then START sent back to back: the recipient ends up allowed, whichever the carrier posts first', async () => {
    // Nothing waits between the two: the simulated carrier posts callbacks concurrently, so START can be
    // taken in first. Three people at once, so an ordering bug has three chances to show.
    const people = [freshDestination(), freshDestination(), freshDestination()];
    await Promise.all(
      people.map(async (person) => {
        for (const body of ['STOP', 'START']) {
          expect((await api.post('/v1/sandbox/inbound', { apiKey: keys.manage, body: { channelType: 'Sms', from: person, to: number, body } })).status).toBe(202);
        }
      }),
    );
    for (const person of people) {
      await takenIn(person, 2);
      await expectAllowed(person);
      // STOP first: an opt-out and its lifting; START first: it lifted nothing and the older STOP was stale.
      const events = (await consentEvents(person)).map((e: { type: string }) => e.type);
      expect([[], ['RecipientOptedOut', 'RecipientOptedIn']]).toContainEqual(events);
    }
  });

  it('a STOP the carrier posts after the START sent a second later changes nothing', async () => {
    const person = freshDestination();
    // The carrier's own callbacks, posted in the reverse of the order it received the replies.
    const carrierPost = (body: string, receivedAt: Date) => {
      const raw = JSON.stringify({ eventId: randomUUID(), carrierMessageId: `SM${randomUUID()}`, channel: 'Sms', from: person, to: number, body, receivedAt: receivedAt.toISOString() });
      const signature = createHmac('sha256', 'sandbox-sim-secret').update(raw).digest('hex');
      return api.post('/v1/webhooks/carriers/sim/inbound', { rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': signature } });
    };
    const sentStopAt = new Date(Date.now() - 1_000);
    expect((await carrierPost('START', new Date(sentStopAt.getTime() + 1_000))).status).toBe(200);
    await takenIn(person, 1);
    expect((await carrierPost('STOP', sentStopAt)).status).toBe(200);
    await takenIn(person, 2);
    await expectAllowed(person);
    // The START lifted nothing (nothing was in force) and the STOP was stale: no event either way.
    expect(await consentEvents(person)).toEqual([]);
    const ledger = await booted.platform.adapters.databases.forSchema('consent')('consent_entries').where({ account_id: admin.accountId, recipient: person });
    expect(ledger.map((e: { source: string }) => e.source)).toEqual(['start_reply']);
  });
});

describe('re-subscribe with evidence (rule 2)', () => {
  const body = (recipient: string, extra: Record<string, unknown> = {}) => ({
    recipient,
    channelType: 'Sms',
    consentConfirmed: true,
    consentMethod: 'WebForm',
    consentEvidence: 'form submission 7781',
    ...extra,
  });

  it('writes the evidence to the ledger, lifts the opt-out, and sends again', async () => {
    const recipient = freshDestination();
    await optOut(accountBase(), { recipient, channelType: 'Sms', scope: 'entireAccount' });
    expect((await sendOutcome(recipient, { subaccountId: sub2 })).status).toBe('failed');
    const res = await api.post(`${accountBase()}/opt-in`, { apiKey: keys.manage, body: body(recipient) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lifted: [expect.objectContaining({ scope: 'entireAccount' })], stillSuppressed: false, entryId: expect.any(String) });
    expect((await sendOutcome(recipient, { subaccountId: sub2 })).status).toBe('delivered');
    const prefs = await api.get(`${accountBase()}/preferences?recipient=${encodeURIComponent(recipient)}`, { apiKey: keys.read });
    const sms = prefs.body.channels.find((c: { channelType: string }) => c.channelType === 'Sms');
    expect(sms).toMatchObject({ status: 'opted_in', blockedBy: [], decidedBy: { entryId: res.body.entryId, consentMethod: 'WebForm', consentEvidence: 'form submission 7781' } });
    const types = (await consentEvents(recipient)).map((e: { type: string }) => e.type);
    expect(types).toEqual(['RecipientOptedOut', 'RecipientOptedIn']);
  });

  it('says stillSuppressed while another opt-out still blocks', async () => {
    const recipient = freshDestination();
    await optOut(accountBase(), { recipient, channelType: 'Sms', scope: 'accountLevelOnly' });
    await optOut(subBase(sub1), { recipient, channelType: 'Sms' });
    const res = await api.post(`${accountBase()}/opt-in`, { apiKey: keys.manage, body: body(recipient, { scope: 'accountLevelOnly' }) });
    expect(res.status).toBe(200);
    expect(res.body.stillSuppressed).toBe(true);
    const [event] = (await consentEvents(recipient)).filter((e: { type: string }) => e.type === 'RecipientOptedIn');
    expect(event).toMatchObject({ stillSuppressed: true });
  });

  it('refuses with 409 RECIPIENT_NOT_OPTED_OUT when nothing is to lift, and 400 naming bad fields; nothing written', async () => {
    const recipient = freshDestination();
    const entries = await entriesStored();
    expectProblem(await api.post(`${subBase(sub1)}/opt-in`, { apiKey: keys.manage, body: body(recipient) }), 409, 'RECIPIENT_NOT_OPTED_OUT');
    const bad = await api.post(`${subBase(sub1)}/opt-in`, {
      apiKey: keys.manage,
      body: body(recipient, { consentConfirmed: false, consentMethod: 'Telepathy', consentEvidence: '' }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(expect.arrayContaining(['consentMethod']));
    const unconfirmed = await api.post(`${subBase(sub1)}/opt-in`, { apiKey: keys.manage, body: body(recipient, { consentConfirmed: false, consentEvidence: '' }) });
    expectProblem(unconfirmed, 400, 'VALIDATION_FAILED');
    expect(Object.keys(unconfirmed.body.errors).sort()).toEqual(['consentConfirmed', 'consentEvidence']);
    expect(await entriesStored()).toBe(entries);
  });
});

describe('evidence records (rule 7)', () => {
  it('stores snake_case records, refuses a future consent date, and lists them newest first', async () => {
    const phone = freshDestination();
    const created = await api.post(`${subBase(sub1)}/opt-in-records`, {
      apiKey: keys.manage,
      body: { phone_number: phone, opted_in_at: '2026-03-01T10:00:00Z', method: 'Keyword', source: 'store', consent_language: 'en-US' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-consent-warning')).toBeNull();
    expect(created.body).toMatchObject({
      record_id: expect.any(String),
      subaccount_id: sub1,
      phone_number: phone,
      method: 'Keyword',
      source: 'store',
      consent_language: 'en-US',
    });
    expect(Date.parse(created.body.opted_in_at)).toBe(Date.parse('2026-03-01T10:00:00Z'));
    const before = await countRows(booted.platform, 'consent', 'opt_in_records', { account_id: admin.accountId });
    const future = await api.post(`${subBase(sub1)}/opt-in-records`, {
      apiKey: keys.manage,
      body: { phone_number: phone, opted_in_at: '2999-01-01T00:00:00Z', method: 'Keyword' },
    });
    expectProblem(future, 400, 'VALIDATION_FAILED');
    expect(Object.keys(future.body.errors)).toEqual(['opted_in_at']);
    expect(await countRows(booted.platform, 'consent', 'opt_in_records', { account_id: admin.accountId })).toBe(before);
    const list = await api.get(`${subBase(sub1)}/opt-in-records?phone_number=${encodeURIComponent(phone)}`, { apiKey: keys.read });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [created.body], nextCursor: null });
    expectProblem(await api.get(`${subBase(sub1)}/opt-in-records?cursor=nope`, { apiKey: keys.read }), 400, 'VALIDATION_FAILED');
  });

  it('takes a method of up to 100 characters, as evidence imports and the published contract do', async () => {
    const method = 'm'.repeat(100);
    const record = (phone_number: string, value: string) =>
      api.post(`${accountBase()}/opt-in-records`, { apiKey: keys.manage, body: { phone_number, opted_in_at: '2026-03-01T10:00:00Z', method: value } });
    const created = await record(freshDestination(), method);
    expect(created.status).toBe(201);
    expect(created.body.method).toBe(method);
    const tooLong = await record(freshDestination(), `${method}m`);
    expectProblem(tooLong, 400, 'VALIDATION_FAILED');
    expect(Object.keys(tooLong.body.errors)).toEqual(['method']);
  });
});

describe('the ledger (point 10)', () => {
  it('only grows: entries are never changed or removed by a lift', async () => {
    const recipient = freshDestination();
    const recorded = await optOut(accountBase(), { recipient, channelType: 'Email', scope: 'accountLevelOnly' }).catch(() => undefined);
    // Email recipients are email addresses: the phone number is refused, naming recipient.
    expect(recorded?.status).toBe(400);
    const email = `${randomUUID().slice(0, 8)}@example.test`;
    const first = await optOut(accountBase(), { recipient: email, channelType: 'Email', scope: 'accountLevelOnly' });
    expect(first.status).toBe(201);
    const ledger = () => booted.platform.adapters.databases.forSchema('consent')('consent_entries').where({ account_id: admin.accountId, recipient: email }).orderBy('recorded_at');
    const before = await ledger();
    await api.post(`${accountBase()}/opt-in`, {
      apiKey: keys.manage,
      body: { recipient: email.toUpperCase(), channelType: 'Email', consentConfirmed: true, consentMethod: 'Written', consentEvidence: 'signed letter' },
    });
    const after = await ledger();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
  });
});

describe('CSV import and export (rules 5 and 6)', () => {
  const upload = (path: string, file: string | Buffer, options: { apiKey?: string; field?: string } = {}) => {
    const form = new FormData();
    form.append(options.field ?? 'file', new Blob([file], { type: 'text/csv' }), 'consent.csv');
    return fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { 'x-api-key': options.apiKey ?? keys.manage }, body: form }).then(
      async (res): Promise<{ status: number; headers: Headers; body: any }> => ({ status: res.status, headers: res.headers, body: await res.json() }),
    );
  };
  const download = (path: string, apiKey = keys.read) =>
    fetch(`${api.baseUrl}${path}`, { headers: { 'x-api-key': apiKey } }).then(async (res) => ({ status: res.status, headers: res.headers, text: await res.text() }));
  const sha256 = async (text: string) => Buffer.from(await crypto.subtle.digest('SHA-256', Buffer.from(text))).toString('hex');
  const numbers = (n: number) => Array.from({ length: n }, () => freshDestination());

  it('imports opt-outs with one result per row and the file SHA-256; a repeat changes nothing and sends no events', async () => {
    const [a, b] = numbers(2);
    const csv = `recipient,channel,reason\r\n${a},Sms,paper form\r\n${b},sms,\r\nnot-a-number,Sms,\r\n${a},Sms,again\r\n`;
    const entries = await entriesStored();
    const first = await upload(`${subBase(sub2)}/opt-outs/import`, csv);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ sha256: await sha256(csv), created: 2, alreadyExists: 0, duplicateInFile: 1, invalid: 1 });
    expect(first.body.rows.map((r: { row: number; result: string }) => [r.row, r.result])).toEqual([
      [1, 'created'],
      [2, 'created'],
      [3, 'invalid'],
      [4, 'duplicate_in_file'],
    ]);
    expect(first.body.rows[2].errors.join(' ')).toMatch(/recipient/);
    expect(await entriesStored()).toBe(entries + 2);
    const again = await upload(`${subBase(sub2)}/opt-outs/import`, csv);
    expect(again.body).toMatchObject({ created: 0, alreadyExists: 2, duplicateInFile: 1, invalid: 1 });
    expect(await entriesStored()).toBe(entries + 2);
    expect(await consentEvents(a)).toEqual([]);
    // Imported opt-outs block like any other, and can be lifted by the customer.
    expect((await sendOutcome(a, { subaccountId: sub2 })).status).toBe('failed');
  });

  it('refuses files that are not what an import takes with CONSENT_IMPORT_INVALID, storing nothing', async () => {
    const before = await optOutsStored();
    const sub = `${subBase(sub2)}/opt-outs/import`;
    const cases: Array<[string, Promise<{ status: number; body: any }>]> = [
      ['JSON instead of multipart', api.post(sub, { apiKey: keys.manage, body: { file: 'recipient,channel' } })],
      ['the file in another field', upload(sub, 'recipient,channel\r\n+14155550100,Sms\r\n', { field: 'csv' })],
      ['a missing column', upload(sub, 'recipient,reason\r\n+14155550100,x\r\n')],
      ['an unknown column', upload(sub, 'recipient,channel,colour\r\n+14155550100,Sms,red\r\n')],
      ['not text', upload(sub, Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00]))],
      ['10,001 rows', upload(sub, ['recipient,channel', ...numbers(10_001).map((n) => `${n},Sms`)].join('\r\n'))],
      ['more than 5 MB', upload(sub, `recipient,channel,reason\r\n+14155550100,Sms,${'x'.repeat(5 * 1024 * 1024)}\r\n`)],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      expect({ what, status: res.status, code: res.body.code }).toEqual({ what, status: 400, code: 'CONSENT_IMPORT_INVALID' });
    }
    const scopeless = await upload(`${accountBase()}/opt-outs/import`, 'recipient,channel\r\n+14155550100,Sms\r\n');
    expect({ status: scopeless.status, code: scopeless.body.code }).toEqual({ status: 400, code: 'RECIPIENT_OPT_OUT_SCOPE_REQUIRED' });
    const readOnly = await upload(`${accountBase()}/opt-outs/import?scope=entireAccount`, 'recipient,channel\r\n+14155550100,Sms\r\n', { apiKey: keys.read });
    expect(readOnly.status).toBe(403);
    expect(await optOutsStored()).toBe(before);
  });

  it('exports a header and the rows with protective apostrophes, and the file imports back unchanged', async () => {
    const sub = await api.post(`/v1/accounts/${admin.accountId}/subaccounts`, { token: admin.accessToken, body: { name: 'Export' } });
    const base = subBase(sub.body.subaccountId);
    const [a, b] = numbers(2);
    await upload(`${base}/opt-outs/import`, `recipient,channel,reason\r\n${a},Sms,=HYPERLINK("http://x")\r\n${b},WhatsApp,"said ""no"", twice"\r\n`);
    const exported = await download(`${base}/opt-outs/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('x-truncated')).toBe('false');
    const lines = exported.text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('recipient,channel,scope,subaccount_id,reason,source,created_at');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith(`'${a},Sms,`) && l.includes(`'=HYPERLINK`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`'${b},WhatsApp,`) && l.includes('"said ""no"", twice"'))).toBe(true);
    const back = await upload(`${base}/opt-outs/import`, exported.text);
    expect(back.body).toMatchObject({ created: 0, alreadyExists: 2, invalid: 0 });
  });

  it('caps an export at 10,000 rows with X-Truncated: true when more exist', async () => {
    const sub = await api.post(`/v1/accounts/${admin.accountId}/subaccounts`, { token: admin.accessToken, body: { name: 'Bulk' } });
    const base = subBase(sub.body.subaccountId);
    const many = numbers(10_000);
    const imported = await upload(`${base}/opt-outs/import`, ['recipient,channel', ...many.map((n) => `${n},Sms`)].join('\r\n'));
    expect(imported.body.created).toBe(10_000);
    const exact = await download(`${base}/opt-outs/export`);
    expect(exact.headers.get('x-truncated')).toBe('false');
    expect(exact.text.split('\r\n').filter(Boolean)).toHaveLength(10_001);
    await optOut(base, { recipient: freshDestination(), channelType: 'Sms' });
    const capped = await download(`${base}/opt-outs/export`);
    expect(capped.headers.get('x-truncated')).toBe('true');
    expect(capped.text.split('\r\n').filter(Boolean)).toHaveLength(10_001);
  });

  it('imports and exports consent evidence, never lifting an opt-out', async () => {
    const [a] = numbers(1);
    await optOut(subBase(sub1), { recipient: a, channelType: 'Sms' });
    const csv = `phone_number,opted_in_at,method,source,consent_language\r\n${a},2026-02-01T09:00:00Z,WebForm,site,en-US\r\n${a},2999-01-01T00:00:00Z,WebForm,,\r\n`;
    const res = await upload(`${subBase(sub1)}/opt-in-records/import`, csv);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { result: string }) => r.result)).toEqual(['created', 'invalid']);
    expect((await sendOutcome(a, { subaccountId: sub1 })).status).toBe('failed');
    const exported = await download(`${subBase(sub1)}/opt-in-records/export`);
    expect(exported.text.split('\r\n')[0]).toBe('phone_number,opted_in_at,method,source,consent_language,subaccount_id,created_at');
    expect(exported.text).toContain(`'${a},2026-02-01T09:00:00.000Z,WebForm,site,en-US`);
    const back = await upload(`${subBase(sub1)}/opt-in-records/import`, exported.text);
    expect(back.body.invalid).toBe(0);
    expect(back.body.created).toBe(0);
  });

  it('holds an imported method to the 100 characters POST .../opt-in-records takes', async () => {
    const method = 'm'.repeat(100);
    const [a, b] = numbers(2);
    const res = await upload(`${subBase(sub1)}/opt-in-records/import`, `phone_number,opted_in_at,method\r\n${a},2026-02-01T09:00:00Z,${method}\r\n${b},2026-02-01T09:00:00Z,${method}m\r\n`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { row: 1, result: 'created', errors: [] },
      { row: 2, result: 'invalid', errors: ['method must be at most 100 characters'] },
    ]);
  });
});

describe('the published contract (spec 9)', () => {
  it('documents every consent operation on both bases with both schemes, a summary, its responses and enums for closed sets', async () => {
    const doc = (await api.get('/openapi/public.json')).body;
    const subPaths: Array<[string, string]> = [
      ['opt-out', 'post'],
      ['opt-in', 'post'],
      ['opt-outs', 'get'],
      ['preferences', 'get'],
      ['opt-in-records', 'post'],
      ['opt-in-records', 'get'],
      ['opt-outs/import', 'post'],
      ['opt-outs/export', 'get'],
      ['opt-in-records/import', 'post'],
      ['opt-in-records/export', 'get'],
    ];
    for (const base of ['/v1/accounts/{accountId}/recipient-consent', '/v1/subaccounts/{subaccountId}/recipient-consent']) {
      for (const [sub, method] of subPaths) {
        const path = `${base}/${sub}`;
        const operation = doc.paths[path]?.[method];
        expect({ path, method, found: operation !== undefined }).toEqual({ path, method, found: true });
        expect(operation.security.flatMap((s: Record<string, unknown>) => Object.keys(s)).sort()).toEqual(['apiKey', 'bearer']);
        expect({ path, summary: typeof operation.summary === 'string' && operation.summary.length > 0 }).toEqual({ path, summary: true });
        for (const status of ['400', '401', '403', '404', '422', '429', '500']) expect({ path, status, documented: status in operation.responses }).toMatchObject({ documented: true });
      }
    }
    expect(doc.paths['/v1/accounts/{accountId}/recipient-consent/opt-outs/import'].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/v1/accounts/{accountId}/recipient-consent/opt-outs/export'].get.responses['200'].content).toHaveProperty('text/csv');
    const schemas = doc.components.schemas;
    expect(schemas.AccountOptOutScope.enum).toEqual(['accountLevelOnly', 'entireAccount']);
    expect(schemas.ConsentMethod.enum).toEqual(['WebForm', 'Written', 'Verbal', 'Text', 'Other']);
    expect(schemas.ChannelPreferenceResource.properties.status.enum).toEqual(['opted_in', 'opted_out']);
    // The bound consent applies to evidence from the API and from imports alike.
    expect(schemas.OptInRecordRequest.properties.method.maxLength).toBe(100);
  });
});
