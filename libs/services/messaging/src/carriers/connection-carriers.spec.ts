import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from './carrier.port';
import { ConnectionCarriers } from './connection-carriers';
import { parseCarrierConnections } from '@mp/carrier-connections';
import { metricValue } from './testing/metric-value';

const smpp = (name: string, numbers: string[], priority: number) => ({
  name,
  protocol: 'smpp',
  channel: 'Sms',
  numbers,
  priority,
  host: 'smsc.example',
  port: 2775,
  systemId: name,
  password: 'secret',
});

const submission = (from: string): CarrierSubmission => ({ reference: 'm1:1', accountId: 'a1', channel: 'Sms', from, to: '+15550001111', body: 'hi' });

/** A carrier that answers from a script and notes which connection was asked. */
function scripted(name: string, answers: CarrierOutcome[], asked: string[]): CarrierAdapter {
  return {
    channels: ['Sms'],
    submit: async () => {
      asked.push(name);
      return answers.shift() ?? { kind: 'transient', reason: 'script ended' };
    },
  };
}

function carriersOf(config: unknown[], answers: Record<string, CarrierOutcome[]>, asked: string[], now?: () => number) {
  const connections = parseCarrierConnections(config, 'CARRIER_CONNECTIONS', { env: {}, baseDir: process.cwd() });
  return new ConnectionCarriers(
    connections.map((connection) => ({ connection, carrier: scripted(connection.name, answers[connection.name] ?? [], asked) })),
    now,
  );
}

describe('ConnectionCarriers', () => {
  const accepted: CarrierOutcome = { kind: 'accepted', carrierMessageId: 'c1' };
  const noBind: CarrierOutcome = { kind: 'transient', reason: 'no bound session' };

  it('sends through the first connection by priority that sends from the sender', async () => {
    const asked: string[] = [];
    const carriers = carriersOf([smpp('backup', ['*'], 2), smpp('primary', ['+1555*'], 1), smpp('other', ['+44*'], 0)], { primary: [accepted] }, asked);
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ ...accepted, connection: 'primary' });
    expect(asked).toEqual(['primary']);
    expect(carriers.channels).toEqual(['Sms']);
  });

  it('fails over to the next connection while the answer is transient, and names every reason when all are', async () => {
    const asked: string[] = [];
    const carriers = carriersOf([smpp('primary', ['*'], 1), smpp('backup', ['*'], 2)], { primary: [noBind, noBind], backup: [accepted, { kind: 'transient', reason: 'ESME_RSYSERR' }] }, asked);
    // The answer names the connection that gave it and the one passed over, for the carrier events and the audit trail.
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ ...accepted, connection: 'backup', failovers: ['primary: no bound session'] });
    expect(await carriers.submit(submission('+15551234567'))).toEqual({
      kind: 'transient',
      reason: 'primary: no bound session; backup: ESME_RSYSERR',
      connection: 'backup',
      failovers: ['primary: no bound session'],
    });
    expect(asked).toEqual(['primary', 'backup', 'primary', 'backup']);
  });

  it('does not fail over a refusal: the carrier has judged the message', async () => {
    const asked: string[] = [];
    const refused: CarrierOutcome = { kind: 'rejected', code: 'ESME_RINVDSTADR', message: 'invalid destination' };
    const carriers = carriersOf([smpp('primary', ['*'], 1), smpp('backup', ['*'], 2)], { primary: [refused] }, asked);
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ ...refused, connection: 'primary' });
    expect(asked).toEqual(['primary']);
  });

  it('keeps a message from a sender no connection sends from waiting (transient), asking no carrier', async () => {
    const asked: string[] = [];
    const carriers = carriersOf([smpp('uk', ['+44*'], 1)], {}, asked);
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ kind: 'transient', reason: 'no Sms connection sends from +15551234567' });
    expect(asked).toEqual([]);
  });

  it('can send a channel while any of its connections can: dispatch claims none only when none is bound here', () => {
    const connections = parseCarrierConnections([smpp('primary', ['*'], 1), smpp('backup', ['*'], 2)], 'CARRIER_CONNECTIONS', { env: {}, baseDir: process.cwd() });
    const bound = new Map([['primary', false], ['backup', false]]);
    const carriers = new ConnectionCarriers(connections.map((connection) => ({ connection, carrier: { ...scripted(connection.name, [], []), canSend: () => bound.get(connection.name)! } })));
    expect(carriers.canSend('Sms')).toBe(false);
    bound.set('backup', true);
    expect(carriers.canSend('Sms')).toBe(true);
    expect(carriers.canSend('WhatsApp')).toBe(false); // none of its connections
  });

  it("opens a connection's circuit after its run of transient answers: its messages go to the next at once, one trial after the pause", async () => {
    const asked: string[] = [];
    let now = 1_000_000;
    const down: CarrierOutcome = { kind: 'transient', reason: 'HTTP 503' };
    const carriers = carriersOf(
      [
        { ...smpp('flaky', ['*'], 1), circuitFailures: 2, circuitPauseSeconds: 10 },
        smpp('backup', ['*'], 2),
      ],
      { flaky: [down, down, down, accepted, accepted], backup: Array.from({ length: 10 }, () => accepted) },
      asked,
      () => now,
    );
    const send = () => carriers.submit(submission('+15551234567'));
    await send();
    await send(); // the second 503 in a row opens flaky's circuit
    asked.length = 0;
    expect(await send()).toEqual({ ...accepted, connection: 'backup', failovers: ['flaky: circuit open after 2 transient answers in a row'] });
    expect(asked).toEqual(['backup']); // flaky not asked at all
    now += 10_000; // half-open: one trial, which fails and opens it for another pause
    asked.length = 0;
    expect(await send()).toMatchObject({ connection: 'backup', failovers: ['flaky: HTTP 503'] });
    expect(await send()).toMatchObject({ connection: 'backup', failovers: ['flaky: circuit open after 2 transient answers in a row'] });
    expect(asked).toEqual(['flaky', 'backup', 'backup']);
    now += 10_000; // the next trial is answered: closed again
    expect(await send()).toEqual({ ...accepted, connection: 'flaky' });
    expect(await send()).toMatchObject({ connection: 'flaky' });
    expect(await metricValue('carrier_connection_failovers_total', { connection: 'flaky', reason: 'transient' })).toBe(3);
    expect(await metricValue('carrier_connection_failovers_total', { connection: 'flaky', reason: 'circuit-open' })).toBe(2);
    expect(await metricValue('carrier_connection_circuit_openings_total', { connection: 'flaky' })).toBe(1);
    expect(await metricValue('carrier_connection_circuit_state', { connection: 'flaky' })).toBe(0);
  });

  it("opens a connection's circuit on one throttled answer (the carrier limits its number): the next messages go to the next connection at once", async () => {
    const asked: string[] = [];
    const throttled: CarrierOutcome = { kind: 'transient', reason: 'WhatsApp Cloud API answered HTTP 429 (130429: Rate limit hit)', throttled: true };
    const carriers = carriersOf(
      [{ ...smpp('busy', ['*'], 1), circuitFailures: 5 }, smpp('spare', ['*'], 2)],
      { busy: [throttled, accepted], spare: [accepted, accepted] },
      asked,
      () => 1_000_000,
    );
    const send = () => carriers.submit(submission('+15551234567'));
    expect(await send()).toMatchObject({ connection: 'spare', failovers: ['busy: WhatsApp Cloud API answered HTTP 429 (130429: Rate limit hit)'] });
    expect(await send()).toEqual({ ...accepted, connection: 'spare', failovers: ['busy: paused: the carrier throttles its number'] });
    expect(asked).toEqual(['busy', 'spare', 'spare']);
    expect(await metricValue('carrier_connection_circuit_state', { connection: 'busy' })).toBe(1);
  });

  it('takes a half-open trial only for a connection it asks: one a preferred connection spared stays ready for its trial', async () => {
    const asked: string[] = [];
    let now = 1_000_000;
    const down: CarrierOutcome = { kind: 'transient', reason: 'HTTP 503' };
    const carriers = carriersOf(
      [smpp('first', ['*'], 1), { ...smpp('second', ['*'], 2), circuitFailures: 1, circuitPauseSeconds: 10 }, smpp('third', ['*'], 3)],
      { first: [down, accepted, down], second: [down, accepted], third: [accepted, accepted] },
      asked,
      () => now,
    );
    const send = () => carriers.submit(submission('+15551234567'));
    expect(await send()).toMatchObject({ connection: 'third' }); // second's 503 opens its circuit
    now += 10_000; // second is half-open, but first takes the message: second is not asked
    expect(await send()).toEqual({ ...accepted, connection: 'first' });
    // first fails: second's trial goes (before third, its priority), and its answer closes the circuit.
    expect(await send()).toEqual({ ...accepted, connection: 'second', failovers: ['first: HTTP 503'] });
    expect(asked).toEqual(['first', 'second', 'third', 'first', 'first', 'second']);
    expect(await metricValue('carrier_connection_circuit_state', { connection: 'second' })).toBe(0);
  });

  it('still tries a connection whose circuit is open when no other takes the message (it goes last, not nowhere)', async () => {
    const asked: string[] = [];
    const down: CarrierOutcome = { kind: 'transient', reason: 'HTTP 503' };
    const carriers = carriersOf([{ ...smpp('only', ['*'], 1), circuitFailures: 1, circuitPauseSeconds: 3600 }], { only: [down, down, accepted] }, asked);
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ ...down, connection: 'only' }); // opens it
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ ...down, connection: 'only' });
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ ...accepted, connection: 'only' });
    expect(asked).toEqual(['only', 'only', 'only']);
    // Nothing went past it to another connection: no failover counted.
    expect(await metricValue('carrier_connection_failovers_total', { connection: 'only' })).toBe(0);
  });

  it("says when the connection that took the message has receipts by carrier id alone (its adapter declares it), for dispatch to wait for them", async () => {
    const connections = parseCarrierConnections([smpp('smsc', ['+1*'], 1), smpp('provider', ['*'], 2)], 'CARRIER_CONNECTIONS', { env: {}, baseDir: process.cwd() });
    const carriers = new ConnectionCarriers(
      connections.map((connection) => ({
        connection,
        carrier: { ...scripted(connection.name, [accepted], []), ...(connection.name === 'provider' ? { receiptsByCarrierId: true } : {}) },
      })),
    );
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ ...accepted, connection: 'smsc' });
    expect(await carriers.submit(submission('+445551234567'))).toEqual({ ...accepted, connection: 'provider', receiptsByCarrierId: true });
  });

  it('passes over a connection that cannot send from this replica (no bind) without asking it', async () => {
    const asked: string[] = [];
    const connections = parseCarrierConnections([smpp('primary', ['*'], 1), smpp('backup', ['*'], 2)], 'CARRIER_CONNECTIONS', { env: {}, baseDir: process.cwd() });
    const carriers = new ConnectionCarriers(
      connections.map((connection) => ({ connection, carrier: { ...scripted(connection.name, [accepted], asked), canSend: () => connection.name === 'backup' } })),
    );
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ ...accepted, connection: 'backup', failovers: ['primary: cannot send from this replica (no bind)'] });
    expect(asked).toEqual(['backup']);
  });
});
