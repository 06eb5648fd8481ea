import { principalOf, startSimulatorHarness, submitToCarrier, type SimulatorHarness } from '../testing/simulator.test-harness';

let sim: SimulatorHarness;
let n = 0;
const submission = (overrides: Record<string, unknown> = {}) => ({
  reference: `msg-${++n}:1`,
  accountId: 'acc-a',
  channel: 'Sms',
  from: '+15550000001',
  to: '+15557654321',
  body: 'Hello',
  ...overrides,
});
const receiptsOf = (carrierMessageId: unknown) => sim.db('carrier_receipts').where({ carrier_message_id: carrierMessageId });

beforeAll(async () => {
  sim = await startSimulatorHarness();
});
afterAll(() => sim.close());

describe('carrier API', () => {
  it('answers /healthz', async () => {
    const response = await fetch(`${sim.endpoints.httpUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('accepts a message and schedules a delivered receipt a second later', async () => {
    const before = sim.clock.now().getTime();
    const res = await submitToCarrier(sim.endpoints.httpUrl, submission());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ carrierMessageId: expect.stringMatching(/^sim-/), status: 'accepted' });
    const [receipt] = await receiptsOf(res.body.carrierMessageId);
    expect(receipt).toMatchObject({ status: 'delivered', error_code: null, sent_at: null });
    const dueIn = new Date(receipt.next_attempt_at).getTime() - before;
    expect(dueIn).toBeGreaterThanOrEqual(1000);
    expect(dueIn).toBeLessThan(3000);
  });

  it('reads the behaviour, stores an accepted submission and schedules its receipt in one statement', async () => {
    const statements: string[] = [];
    const watch = (q: { sql: string }) => void statements.push(q.sql);
    sim.db.on('query', watch);
    const res = await submitToCarrier(sim.endpoints.httpUrl, submission());
    sim.db.off('query', watch);
    expect(res.status).toBe(201);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^with behaviour as \(/);
    expect(await receiptsOf(res.body.carrierMessageId)).toHaveLength(1);
  });

  it('is idempotent on reference: same carrierMessageId, stored and receipted once', async () => {
    const body = submission();
    const first = await submitToCarrier(sim.endpoints.httpUrl, body);
    const [second, third] = await Promise.all([
      submitToCarrier(sim.endpoints.httpUrl, { ...body, body: 'changed' }),
      submitToCarrier(sim.endpoints.httpUrl, body),
    ]);
    expect([second.status, third.status]).toEqual([201, 201]);
    expect(second.body.carrierMessageId).toBe(first.body.carrierMessageId);
    expect(third.body.carrierMessageId).toBe(first.body.carrierMessageId);
    expect(await sim.db('carrier_submissions').where({ reference: body.reference })).toHaveLength(1);
    expect(await receiptsOf(first.body.carrierMessageId)).toHaveLength(1);
  });

  it('refuses with 422 when the behaviour is `failed`, and stores nothing', async () => {
    await sim.client.setCarrierBehavior({ accountId: 'acc-a', destination: '+15550009999', outcome: 'failed' }, { principal: principalOf('acc-a') });
    const body = submission({ to: '+15550009999' });
    const res = await submitToCarrier(sim.endpoints.httpUrl, body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: { code: expect.any(String), message: expect.stringContaining('+15550009999') } });
    expect(await sim.db('carrier_submissions').where({ reference: body.reference })).toHaveLength(0);
  });

  it('answers 503 (transient) when the behaviour is `unavailable`, stores nothing, and accepts once it changes', async () => {
    const principal = principalOf('acc-u');
    await sim.client.setCarrierBehavior({ accountId: 'acc-u', destination: '+15550004444', outcome: 'unavailable' }, { principal });
    const body = submission({ accountId: 'acc-u', to: '+15550004444' });
    const res = await submitToCarrier(sim.endpoints.httpUrl, body);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The carrier is temporarily unavailable.' } });
    expect(await sim.db('carrier_submissions').where({ reference: body.reference })).toHaveLength(0);
    await sim.client.setCarrierBehavior({ accountId: 'acc-u', destination: '+15550004444', outcome: 'delivered' }, { principal });
    expect((await submitToCarrier(sim.endpoints.httpUrl, body)).status).toBe(201);
  });

  it('keys behaviour by account and destination', async () => {
    await sim.client.setCarrierBehavior({ accountId: 'acc-b', destination: '+15550008888', outcome: 'failed' }, { principal: principalOf('acc-b') });
    const sameAccount = await submitToCarrier(sim.endpoints.httpUrl, submission({ accountId: 'acc-b', to: '+15550008888' }));
    const otherAccount = await submitToCarrier(sim.endpoints.httpUrl, submission({ accountId: 'acc-c', to: '+15550008888' }));
    const otherDestination = await submitToCarrier(sim.endpoints.httpUrl, submission({ accountId: 'acc-b', to: '+15550008887' }));
    expect([sameAccount.status, otherAccount.status, otherDestination.status]).toEqual([422, 201, 201]);
  });

  it('schedules `undelivered` with error code 30003 after afterSeconds, and `no-receipt` never', async () => {
    const principal = principalOf('acc-d');
    await sim.client.setCarrierBehavior({ accountId: 'acc-d', destination: '+15550007777', outcome: 'undelivered', afterSeconds: 30 }, { principal });
    await sim.client.setCarrierBehavior({ accountId: 'acc-d', destination: '+15550006666', outcome: 'no-receipt' }, { principal });
    const before = sim.clock.now().getTime();
    const undelivered = await submitToCarrier(sim.endpoints.httpUrl, submission({ accountId: 'acc-d', to: '+15550007777' }));
    const silent = await submitToCarrier(sim.endpoints.httpUrl, submission({ accountId: 'acc-d', to: '+15550006666' }));
    expect([undelivered.status, silent.status]).toEqual([201, 201]);
    const [receipt] = await receiptsOf(undelivered.body.carrierMessageId);
    expect(receipt).toMatchObject({ status: 'undelivered', error_code: '30003' });
    expect(new Date(receipt.occurred_at).getTime() - before).toBeGreaterThanOrEqual(30_000);
    expect(await receiptsOf(silent.body.carrierMessageId)).toHaveLength(0);
  });

  it('changing a behaviour replaces it', async () => {
    const principal = principalOf('acc-e');
    await sim.client.setCarrierBehavior({ accountId: 'acc-e', destination: '+15550005555', outcome: 'failed' }, { principal });
    await sim.client.setCarrierBehavior({ accountId: 'acc-e', destination: '+15550005555', outcome: 'delivered', afterSeconds: 0 }, { principal });
    const res = await submitToCarrier(sim.endpoints.httpUrl, submission({ accountId: 'acc-e', to: '+15550005555' }));
    expect(res.status).toBe(201);
  });

  it('answers 400 for a bad body or bad JSON, 404 for other paths', async () => {
    const bad = await submitToCarrier(sim.endpoints.httpUrl, { reference: '', accountId: 'acc-a', channel: 'Sms', from: 'x', to: 'y' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { reference: ['reference is required.'], body: ['body must be a string.'] } } });
    const notJson = await submitToCarrier(sim.endpoints.httpUrl, '{"reference":');
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ error: { code: 'INVALID_JSON' } });
    const other = await fetch(`${sim.endpoints.httpUrl}/carrier/v2/messages`, { method: 'POST' });
    expect(other.status).toBe(404);
  });

  it('takes only SMS: WhatsApp goes over the fake of Meta\'s Cloud API, and the old WhatsApp path is gone', async () => {
    const whatsAppOnSms = await submitToCarrier(sim.endpoints.httpUrl, submission({ channel: 'WhatsApp' }));
    expect(whatsAppOnSms.status).toBe(400);
    expect(whatsAppOnSms.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { channel: ['channel must be Sms on this carrier.'] } } });
    const old = await submitToCarrier(sim.endpoints.httpUrl, submission({ channel: 'WhatsApp' }), '/whatsapp/v1/messages');
    expect(old.status).toBe(404);
  });

});
