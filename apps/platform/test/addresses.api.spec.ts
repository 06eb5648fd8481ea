/**
 * Issue 27 point 3: one email rule and one E.164 rule (@mp/addresses) behind
 * every route that takes an address. Each tricky address of the table goes
 * through registration, an invitation and the Email channel: a refused one
 * answers 400 problem+json naming the field and leaves nothing behind (no
 * account, no user, no message, no mail anywhere); an accepted one reaches the
 * sandbox SMTP server as exactly the address the API accepted. An impossible
 * phone number is refused before anything is stored, priced or counted.
 */
import { randomUUID } from 'node:crypto';
import { sendInvitation, withAdmin } from './support/account-admin';
import { ApiClient, type ApiResponse } from './support/api-client';
import { waitForStatus, type SignedUpUser } from './support/journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

let booted: BootedPlatform;
let api: ApiClient;
let admin: SignedUpUser;

beforeAll(async () => {
  ({ booted, api, admin } = await withAdmin(await sharedPlatform(), 'addresses'));
});

const simulatorDb = () => booted.platform.adapters.databases.forSchema('carrier_simulator');

/** Every mail the sandbox SMTP server filed whose recipient carries `tag`, by envelope recipient. */
async function mailsTo(tag: string): Promise<string[]> {
  const rows: Array<{ to_address: string }> = await simulatorDb()('mailbox_messages').where('to_address', 'like', `%${tag}%`).select('to_address');
  return rows.map((r) => r.to_address);
}

/** A problem+json 400 VALIDATION_FAILED naming exactly `field`. */
function expectRefused(res: ApiResponse, field: string) {
  expect({ status: res.status, type: res.headers.get('content-type'), code: res.body.code }).toEqual({
    status: 400,
    type: expect.stringContaining('application/problem+json'),
    code: 'VALIDATION_FAILED',
  });
  expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
  expect(res.body.traceId).toEqual(expect.any(String));
}

interface Row {
  what: string;
  /** The address as a client writes it; `t` makes it unique to this run. */
  input: (t: string) => string;
  /** What identity accepts and stores (it keeps emails in lower case), or null: refused. */
  identity: ((t: string) => string) | null;
  /** What the Email channel accepts (the local part's case kept, the domain's dropped), or null: refused. */
  channel: ((t: string) => string) | null;
}

const same = (input: (t: string) => string) => input;
const TRICKY: Row[] = [
  { what: 'a + tag', input: (t) => `ada+${t}@example.test`, identity: same((t) => `ada+${t}@example.test`), channel: (t) => `ada+${t}@example.test` },
  { what: 'capitals', input: (t) => `Ada.L${t}@Example.TEST`, identity: (t) => `ada.l${t}@example.test`, channel: (t) => `Ada.L${t}@example.test` },
  { what: 'an IDN as its A-label', input: (t) => `ada-${t}@xn--bcher-kva.example`, identity: (t) => `ada-${t}@xn--bcher-kva.example`, channel: (t) => `ada-${t}@xn--bcher-kva.example` },
  { what: 'atext specials', input: (t) => `o'brien=${t}@example.test`, identity: (t) => `o'brien=${t}@example.test`, channel: (t) => `o'brien=${t}@example.test` },
  { what: 'comment glue', input: (t) => `user-${t}@good-corp.test(x)evil.test`, identity: null, channel: null },
  { what: 'a comment', input: (t) => `user-${t}(x)@example.test`, identity: null, channel: null },
  { what: 'a quoted local part', input: (t) => `"ada ${t}"@example.test`, identity: null, channel: null },
  { what: 'a quoted local part hiding an @', input: (t) => `"ada-${t}@evil.test"@example.test`, identity: null, channel: null },
  { what: 'an IDN in Unicode (nodemailer would punycode it)', input: (t) => `ada-${t}@bücher.example`, identity: null, channel: null },
  { what: 'a trailing dot in the domain', input: (t) => `ada-${t}@example.test.`, identity: null, channel: null },
  { what: 'a trailing dot in the local part', input: (t) => `ada-${t}.@example.test`, identity: null, channel: null },
  { what: 'a display name', input: (t) => `Ada <ada-${t}@example.test>`, identity: null, channel: null },
  { what: 'two recipients', input: (t) => `ada-${t}@example.test,eve-${t}@evil.test`, identity: null, channel: null },
  { what: 'inner whitespace', input: (t) => `ada-${t} @example.test`, identity: null, channel: null },
];

const tagged = () => randomUUID().slice(0, 8);

/** Registration and an invitation each create a user at the address and mail it: the same rule, the same outcome. */
const CREATING_A_USER = [
  {
    what: 'registration',
    table: 'accounts',
    mail: 'the verification mail',
    post: (email: string, t: string) => api.post('/v1/register', { body: { email, password: 'correct horse battery staple', organizationName: `Org ${t}` } }),
  },
  { what: 'an invitation', table: 'users', mail: 'the invitation', post: (email: string) => sendInvitation(api, admin, { email, role: 'Member' }) },
];

describe.each(CREATING_A_USER)('$what takes the email rule', ({ table, mail, post }) => {
  it.each(TRICKY)('$what', async ({ input, identity }) => {
    const t = tagged();
    const before = await countRows(booted.platform, 'identity', table);
    const res = await post(input(t), t);
    if (identity === null) {
      expectRefused(res, 'email');
      expect(await countRows(booted.platform, 'identity', table)).toBe(before);
      // Nothing was mailed, under any spelling of the address.
      expect(await mailsTo(t)).toEqual([]);
      return;
    }
    expect(res.status).toBe(201);
    const accepted = identity(t);
    // The mail reached SMTP addressed exactly as accepted, and nowhere else.
    expect(await waitFor(() => mailsTo(t), (to) => to.length > 0, { what: `${mail} to ${accepted}` })).toEqual([accepted]);
    const stored = await booted.platform.adapters.databases.forSchema('identity')('users').where({ id: res.body.userId }).first('email');
    expect(stored.email).toBe(accepted);
  });
});

describe('the Email channel takes the email rule', () => {
  const send = (body: Record<string, unknown>) => api.post(`/v1/accounts/${admin.accountId}/messages`, { token: admin.accessToken, body });
  const messagesOfAccount = () => countRows(booted.platform, 'messaging', 'messages', { account_id: admin.accountId });

  it.each(TRICKY)('$what', async ({ input, channel }) => {
    const t = tagged();
    const before = await messagesOfAccount();
    const res = await send({ channelType: 'Email', destination: input(t), body: 'Appointment confirmed' });
    if (channel === null) {
      expectRefused(res, 'destination');
      expect(await messagesOfAccount()).toBe(before);
      expect(await simulatorDb()('carrier_submissions').where('to_address', 'like', `%${t}%`)).toEqual([]);
      expect(await mailsTo(t)).toEqual([]);
      return;
    }
    const accepted = channel(t);
    expect(res.status).toBe(201);
    expect(res.body.destination).toBe(accepted);
    await waitForStatus(api, admin, res.body.messageId, ['delivered']);
    // The email carrier's RCPT TO, as the SMTP server received it (case kept).
    const [submission] = await simulatorDb()('carrier_submissions').where({ reference: `${res.body.messageId}:1` });
    expect(submission.to_address).toBe(accepted);
    // The mailbox files by address without case; one mail, to that address.
    expect(await mailsTo(t)).toEqual([accepted.toLowerCase()]);
  });
});

describe('a phone number of an impossible length for its country code', () => {
  // Nine national digits under +1 (issue 27), a GB number one digit short, +1 with its trunk 1 repeated.
  const IMPOSSIBLE = ['+1415555001', '+4477009001', '+114155550100'];

  it.each(IMPOSSIBLE)('%s is not sent, stored, priced or counted', async (number) => {
    const before = await messagesOfAccountAll();
    for (const channelType of ['Sms', 'WhatsApp']) {
      const res = await api.post(`/v1/accounts/${admin.accountId}/messages`, { token: admin.accessToken, body: { channelType, destination: number, body: 'hi' } });
      expectRefused(res, 'destination');
      expect(res.body.errors.destination[0]).toMatch(/country calling code/);
    }
    // The short first-message field names itself.
    expectRefused(await api.post(`/v1/accounts/${admin.accountId}/messages`, { token: admin.accessToken, body: { to: number, body: 'hi' } }), 'to');
    expect(await messagesOfAccountAll()).toEqual(before);
    expect(await simulatorDb()('carrier_submissions').where({ to_address: number })).toEqual([]);
  });

  it('is not a number to add, an opt-out to record or a destination to preview', async () => {
    const numbersBefore = await countRows(booted.platform, 'routing', 'numbers', { account_id: admin.accountId });
    expectRefused(await api.post('/v1/numbers', { token: admin.accessToken, body: { channelTypes: ['Sms'], phoneNumber: '+1415555001' } }), 'phoneNumber');
    expect(await countRows(booted.platform, 'routing', 'numbers', { account_id: admin.accountId })).toBe(numbersBefore);

    const optOutsBefore = await countRows(booted.platform, 'consent', 'opt_outs');
    const optOut = await api.post(`/v1/accounts/${admin.accountId}/recipient-consent/opt-out`, {
      token: admin.accessToken,
      body: { recipient: '+1415555001', channelType: 'Sms', scope: 'accountLevelOnly' },
    });
    expectRefused(optOut, 'recipient');
    expect(await countRows(booted.platform, 'consent', 'opt_outs')).toBe(optOutsBefore);

    const sub = await api.post(`/v1/accounts/${admin.accountId}/subaccounts`, { token: admin.accessToken, body: { name: 'addresses' } });
    expect(sub.status).toBe(201);
    const preview = await api.post(`/v1/subaccounts/${sub.body.subaccountId}/routing-policy/preview`, { token: admin.accessToken, body: { destination: '+1415555001' } });
    expectRefused(preview, 'destination');
  });

  /** The account's messages, its charges and its quota counters: all unchanged by a refusal. */
  async function messagesOfAccountAll() {
    const messaging = booted.platform.adapters.databases.forSchema('messaging');
    const messages = await countRows(booted.platform, 'messaging', 'messages', { account_id: admin.accountId });
    const charges = await countRows(booted.platform, 'messaging', 'message_charges', { account_id: admin.accountId });
    const quota = await messaging('quota_usage').where('scope', 'like', `%${admin.accountId}%`).select('scope', 'period', 'used');
    return { messages, charges, quota };
  }
});
