import { ApiClient } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

// Issue 28: SMS over SMPP 3.4 through the whole platform. Messaging binds to the sandbox SMSC by default
// (no CARRIER_CONNECTIONS), submits every segment the API billed, and the SMSC's receipts
// (deliver_sm) come back through the deliver handler, the part ledger and provider-callback's
// exactly-once path to the message's status, its carrier events and its webhooks.

jest.setTimeout(180_000);

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

beforeAll(async () => {
  // Nothing configured: the sandbox's own SMPP connection (`sandbox`) to its simulator's SMSC is the default.
  // A database of its own (embedded): on the PostgreSQL tier platforms share one, and another platform's
  // dispatch would send these messages.
  booted = await bootPlatform({ DATABASE_URL: '' });
  api = booted.api;
  user = await signUp(api, 'smpp');
});

afterAll(async () => {
  await booted?.stop();
});

/** What the SMSC filed for a destination: one row per submit_sm, as it came on the wire. */
const smscParts = (destination: string) =>
  booted.platform.adapters.databases
    .forSchema('carrier_simulator')('carrier_submissions')
    .where({ protocol: 'smpp', destination_addr: destination.replace(/^\+/, '') })
    .orderBy('part_seq')
    .select('source_addr', 'source_addr_ton', 'source_addr_npi', 'dest_addr_ton', 'esm_class', 'data_coding', 'registered_delivery', 'part_reference', 'part_total', 'part_seq', 'account_id');

describe('SMS over SMPP to the sandbox SMSC', () => {
  it('sends a three-segment message as three submit_sm with UDH and delivers it on the receipts of all three parts', async () => {
    const from = await sandboxNumber(api, user.accessToken);
    const body = 'Long message over SMPP: '.padEnd(400, 'abcdefghij');
    const destination = freshDestination();
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { destination, body } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ segmentCount: 3, encoding: 'gsm7' });

    const delivered = await waitForStatus(api, user, sent.body.messageId, ['delivered', 'undelivered', 'failed']);
    expect(delivered.body.status).toBe('delivered');
    expect(delivered.body.auditTrail.map((a: { toStatus: string }) => a.toStatus)).toEqual(['queued', 'dispatched', 'delivered']);
    const parts = await smscParts(destination);
    expect(parts).toHaveLength(3);
    const reference = parts[0].part_reference;
    expect(parts).toEqual(
      [1, 2, 3].map((seq) => ({
        source_addr: from.replace(/^\+/, ''),
        source_addr_ton: 1,
        source_addr_npi: 1,
        dest_addr_ton: 1,
        esm_class: 0x40, // UDH indicator: 8-bit concatenation reference
        data_coding: 0,
        registered_delivery: 1,
        part_reference: reference,
        part_total: 3,
        part_seq: seq,
        account_id: user.accountId, // the SMSC found the account by the sender number
      })),
    );
    // Every part's receipt is a carrier event of the message, with the SMSC's stat.
    const events = await api.get(`/v1/messages/${sent.body.messageId}/carrier-events`, { token: user.accessToken });
    expect(events.status).toBe(200);
    const receipts = events.body.items.filter((e: { type: string; carrier: string }) => e.type === 'receipt' && e.carrier === 'sandbox');
    expect(receipts.filter((e: { rawStatus: string }) => e.rawStatus === 'DELIVRD').map((e: { detail: string }) => e.detail).sort()).toEqual(
      [1, 2, 3].map((n) => `SMPP receipt for part ${n} of 3: stat DELIVRD, err 000`),
    );
    // One outcome for the message, however many parts: what moved it to delivered.
    expect(receipts.filter((e: { rawStatus: string }) => e.rawStatus === 'delivered')).toHaveLength(1);
  });

  it('follows the SMSC: an UNDELIV receipt makes the message undelivered, a refused submit_sm fails it with the SMSC status as its carrier error', async () => {
    await sandboxNumber(api, user.accessToken);
    const outcomes: Record<string, string> = {};
    for (const [outcome, expected] of [
      ['undelivered', 'undelivered'],
      ['failed', 'failed'],
    ]) {
      const destination = freshDestination();
      const set = await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(destination)}`, { token: user.accessToken, body: { outcome, afterSeconds: 0 } });
      expect(set.status).toBe(200);
      const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { destination, body: 'hi over SMPP' } });
      expect(sent.status).toBe(201);
      const done = await waitForStatus(api, user, sent.body.messageId, ['delivered', 'undelivered', 'failed']);
      outcomes[outcome] = done.body.status;
      const events = await api.get(`/v1/messages/${sent.body.messageId}/carrier-events`, { token: user.accessToken });
      const said = events.body.items.map((e: { type: string; rawStatus: string; errorCode: string | null }) => `${e.type} ${e.rawStatus} ${e.errorCode}`);
      // With afterSeconds 0 the SMSC's receipt can be read before its submit_sm_resp is recorded: the part's raw
      // receipt may then precede the accepted submission; the mapped receipt is applied after it, so it comes last.
      if (expected === 'undelivered') {
        expect([...said].sort()).toEqual(['receipt UNDELIV 027', 'receipt undelivered 30003', 'submission_accepted accepted null']);
        expect(said.at(-1)).toBe('receipt undelivered 30003');
      }
      else expect(said.join('\n')).toMatch(/ESME_RINVDSTADR/);
    }
    expect(outcomes).toEqual({ undelivered: 'undelivered', failed: 'failed' });
  });

  it('delivers a recipient’s long reply and STOP as mobile-originated deliver_sm: the parts are reassembled, and STOP opts the recipient out', async () => {
    const number = await sandboxNumber(api, user.accessToken);
    const person = freshDestination();
    const inbound = (body: string) => api.post('/v1/sandbox/inbound', { token: user.accessToken, body: { channelType: 'Sms', from: person, to: number, body } });
    const reply = 'A reply long enough for two parts: '.padEnd(200, 'xyz');
    expect((await inbound(reply)).status).toBe(202);
    expect((await inbound('STOP')).status).toBe(202);
    await waitFor(
      () => api.get(`/v1/accounts/${user.accountId}/recipient-consent/opt-outs?recipient=${encodeURIComponent(person)}`, { token: user.accessToken }),
      (r) => r.status === 200 && r.body.items.some((o: { scope: string }) => o.scope === 'stopReply'),
      { what: 'the STOP opt-out' },
    );
    // Both came over the bind (three deliver_sm: two parts and STOP), none as an HTTP callback.
    const overSmpp = await booted.platform.adapters.databases
      .forSchema('messaging')('smpp_deliveries')
      .where({ kind: 'inbound', source_addr: person.replace(/^\+/, '') })
      .orderBy('id')
      .select('concat_total', 'concat_seq', 'state');
    // The two messages go side by side: their deliver_sm may interleave.
    expect(overSmpp.map((row) => `${row.concat_total}/${row.concat_seq}`).sort()).toEqual(['2/1', '2/2', 'null/null']);
    const stored = await booted.platform.adapters.databases.forSchema('provider_callback')('carrier_inbound_messages').where({ from_address: person }).select('provider', 'body');
    expect(stored).toEqual(expect.arrayContaining([{ provider: 'sandbox', body: reply }, { provider: 'sandbox', body: 'STOP' }]));
    expect(stored).toHaveLength(2);
  });
});
