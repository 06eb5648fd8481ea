import { freshDatabase, type FreshDatabase } from './distributed/fresh-database';
import type { ApiClient } from './support/api-client';
import { DyingSmsc } from './support/dying-smsc';
import { freePort } from './support/free-port';
import { metric, scrapeMetrics } from './support/metrics';
import { freshDestination, sandboxNumber, signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

// Issue 29 point 5: two SMPP connections send from the same numbers, and the preferred one's SMSC dies in the
// middle of a run (a submit_sm left unanswered, every session dropped, every rebind refused). Every message of the
// run still ends `delivered` exactly once: the ones the dying SMSC took through it, all the others through the
// second connection (the sandbox's own SMSC), each submitted there once, and each saying so in its audit trail.

jest.setTimeout(90_000);

const PRIMARY = 'smsc-primary';
const SECONDARY = 'smsc-secondary';
/** The preferred SMSC answers five submit_sm and dies at the sixth, with the first batch still being sent. */
const DIES_AT_SUBMIT = 6;
const BATCH = 10;

let primary: DyingSmsc;
let database: FreshDatabase | undefined;
let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

const smpp = (name: string, priority: number, port: number, systemId: string, password: string) => ({
  name, protocol: 'smpp', channel: 'Sms', numbers: ['*'], priority, host: '127.0.0.1', port, systemId, password, throughputPerSecond: 200,
});

beforeAll(async () => {
  primary = await DyingSmsc.start(DIES_AT_SUBMIT);
  // The secondary is the sandbox's own SMSC (it files every submit_sm and sends its receipts), on a port known
  // before the boot so CARRIER_CONNECTIONS can name it.
  const smscPort = await freePort();
  // A database of its own: on the PostgreSQL tier platforms share one, and another platform's dispatch would send
  // these messages its own way. A fresh one on that server when there is one, else embedded.
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase('connection_failover');
    if (typeof fresh === 'string') throw new Error(fresh);
    database = fresh;
  }
  // The secondary is listed first: the operator's priority, not the order, makes the other one preferred.
  booted = await bootPlatform({
    DATABASE_URL: database?.url ?? '',
    SMSC_PORT: String(smscPort),
    CARRIER_CONNECTIONS: JSON.stringify([smpp(SECONDARY, 2, smscPort, 'sandbox', 'sandbox'), smpp(PRIMARY, 1, primary.port, PRIMARY, 'secret')]),
  });
  api = booted.api;
  user = await signUp(api, 'failover');
  await sandboxNumber(api, user.accessToken);
  await waitFor(metrics, (text) => metric(text, 'smpp_bound_sessions', { connection: PRIMARY }) === 1 && metric(text, 'smpp_bound_sessions', { connection: SECONDARY }) === 1, {
    what: 'both connections bound',
  });
});

afterAll(async () => {
  await booted?.stop();
  await primary?.stop();
  await database?.release();
});

const metrics = () => scrapeMetrics(booted.platform.url);

const digits = (e164: string) => e164.replace(/^\+/, '');

/** What the sandbox SMSC filed for a destination: one row per submit_sm it took. */
const secondarySubmits = async (destination: string) =>
  Number(
    (
      await booted.platform.adapters.databases
        .forSchema('carrier_simulator')('carrier_submissions')
        .where({ protocol: 'smpp', destination_addr: digits(destination) })
        .count<{ count: string | number }[]>({ count: '*' })
        .first()
    )?.count ?? 0,
  );

/** A batch sent at once, as a busy sender would: several submissions are in flight on a bind when it drops. */
function sendBatch(): Promise<Array<{ id: string; destination: string }>> {
  return Promise.all(
    Array.from({ length: BATCH }, async () => {
      const destination = freshDestination();
      const res = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { destination, body: `failover run, message to ${destination}` } });
      expect(res.status).toBe(201);
      return { id: res.body.messageId as string, destination };
    }),
  );
}

type CarrierEvent = { type: string; carrier: string | null; rawStatus: string };
type AuditEntry = { toStatus: string; event: string; detail: string | null };

describe('failover between two SMPP connections when the preferred SMSC dies mid-run', () => {
  it('delivers every message exactly once: through the dying SMSC what it took, through the other connection the rest, each submitted there once', async () => {
    const before = await metrics();
    const failoversBefore = metric(before, 'carrier_connection_failovers_total', { connection: PRIMARY });

    // The first batch goes while the preferred SMSC is up; it dies at its sixth submit_sm, during this batch.
    const first = await sendBatch();
    await waitFor(async () => primary.isDown, (down) => down, { what: `the preferred SMSC to die at its submit_sm ${DIES_AT_SUBMIT}` });
    // The platform sees the connection unbound (and its rebinds refused) before the second batch is sent.
    await waitFor(metrics, (text) => metric(text, 'smpp_bound_sessions', { connection: PRIMARY }) === 0, { what: `${PRIMARY} unbound` });
    const second = await sendBatch();
    const run = [...first, ...second];

    // As the sender sees it: every message delivered, each dispatched once and delivered once.
    const messages = await Promise.all(run.map(({ id }) => waitForStatus(api, user, id, ['delivered', 'undelivered', 'failed'])));
    expect(messages.map((m) => m.body.status)).toEqual(run.map(() => 'delivered'));
    for (const m of messages) expect(m.body.auditTrail.map((a: AuditEntry) => a.toStatus)).toEqual(['queued', 'dispatched', 'delivered']);

    // One accepted submission per message and one outcome, from the connection that took it.
    const events = await Promise.all(
      run.map(async ({ id }) => {
        const res = await api.get(`/v1/messages/${id}/carrier-events`, { token: user.accessToken });
        expect(res.status).toBe(200);
        return res.body.items as CarrierEvent[];
      }),
    );
    const via = events.map((items) => {
      expect(items.filter((e) => e.type === 'submission_accepted')).toHaveLength(1);
      expect(items.filter((e) => e.type === 'receipt' && e.rawStatus === 'delivered')).toHaveLength(1);
      expect(items.filter((e) => e.type !== 'submission_accepted' && e.type !== 'receipt')).toEqual([]);
      const carriers = [...new Set(items.map((e) => e.carrier))];
      expect(carriers).toHaveLength(1);
      return carriers[0];
    });

    // The dying SMSC: the messages it answered went through it (and nowhere else); those it saw but never
    // answered, and the ones it never saw, went through the other connection.
    const answered = primary.submits.filter((s) => s.messageId).map((s) => s.destination);
    const unanswered = primary.submits.filter((s) => !s.messageId).map((s) => s.destination);
    expect(answered).toHaveLength(DIES_AT_SUBMIT - 1);
    expect(unanswered.length).toBeGreaterThanOrEqual(1);
    expect(new Set(primary.submits.map((s) => s.destination)).size).toBe(primary.submits.length); // none sent to it twice
    const throughPrimary = run.filter((_, i) => via[i] === PRIMARY).map((m) => digits(m.destination));
    expect(throughPrimary.sort()).toEqual([...answered].sort());
    const throughSecondary = run.filter((_, i) => via[i] === SECONDARY);
    expect(throughSecondary.length + throughPrimary.length).toBe(run.length);
    expect(throughSecondary.map((m) => digits(m.destination))).toEqual(expect.arrayContaining(unanswered));
    expect(second.every((m) => via[run.indexOf(m)] === SECONDARY)).toBe(true);

    // The other SMSC took each failed-over message exactly once, and none of those the first one took.
    expect(await Promise.all(throughSecondary.map((m) => secondarySubmits(m.destination)))).toEqual(throughSecondary.map(() => 1));
    expect(await Promise.all(run.filter((_, i) => via[i] === PRIMARY).map((m) => secondarySubmits(m.destination)))).toEqual(answered.map(() => 0));

    // The audit trail names the connection and why the first was passed over: the submissions in flight when its
    // sessions dropped were lost with them; once it was unbound, it was skipped.
    const dispatchedDetail = (i: number) => messages[i].body.auditTrail.find((a: AuditEntry) => a.toStatus === 'dispatched').detail as string;
    for (const [i, m] of run.entries()) {
      if (via[i] === PRIMARY) expect(dispatchedDetail(i)).toMatch(new RegExp(`through connection ${PRIMARY} as carrier message P\\d+(;|$)`));
      else expect(dispatchedDetail(i)).toMatch(new RegExp(`through connection ${SECONDARY} \\(failed over from ${PRIMARY}: .+\\) as carrier message `));
      if (unanswered.includes(digits(m.destination))) expect(dispatchedDetail(i)).toMatch(/failed over from smsc-primary: SMPP session lost \([\w-]+\) before submit_sm_resp/);
    }
    for (const m of second) expect(dispatchedDetail(run.indexOf(m))).toContain(`(failed over from ${PRIMARY}: cannot send from this replica (no bind))`);

    // /metrics: one failover from the preferred connection per message that went past it, by reason.
    const after = await metrics();
    expect(metric(after, 'carrier_connection_failovers_total', { connection: PRIMARY }) - failoversBefore).toBe(throughSecondary.length);
    expect(metric(after, 'carrier_connection_failovers_total', { connection: PRIMARY, reason: 'transient' })).toBeGreaterThanOrEqual(unanswered.length);
    expect(metric(after, 'carrier_connection_failovers_total', { connection: PRIMARY, reason: 'cannot-send' })).toBeGreaterThanOrEqual(second.length);
    expect(metric(after, 'carrier_connection_failovers_total', { connection: SECONDARY })).toBe(0);
    // And the dead SMSC was asked to bind again and refused it: the connection stays down, the messages did not wait.
    await waitFor(async () => primary.bindsRefused, (n) => n >= 1, { what: 'a rebind to the dead SMSC' });
  });
});
