import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from './carrier.port';
import { ConnectionCarriers } from './connection-carriers';
import { parseCarrierConnections } from './connections';

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

function carriersOf(config: unknown[], answers: Record<string, CarrierOutcome[]>, asked: string[]) {
  const connections = parseCarrierConnections(config, 'CARRIER_CONNECTIONS', { env: {}, baseDir: process.cwd() });
  return new ConnectionCarriers(connections.map((connection) => ({ connection, carrier: scripted(connection.name, answers[connection.name] ?? [], asked) })));
}

describe('ConnectionCarriers', () => {
  const accepted: CarrierOutcome = { kind: 'accepted', carrierMessageId: 'c1' };
  const noBind: CarrierOutcome = { kind: 'transient', reason: 'no bound session' };

  it('sends through the first connection by priority that sends from the sender', async () => {
    const asked: string[] = [];
    const carriers = carriersOf([smpp('backup', ['*'], 2), smpp('primary', ['+1555*'], 1), smpp('other', ['+44*'], 0)], { primary: [accepted] }, asked);
    expect(await carriers.submit(submission('+15551234567'))).toEqual(accepted);
    expect(asked).toEqual(['primary']);
    expect(carriers.channels).toEqual(['Sms']);
  });

  it('fails over to the next connection while the answer is transient, and names every reason when all are', async () => {
    const asked: string[] = [];
    const carriers = carriersOf([smpp('primary', ['*'], 1), smpp('backup', ['*'], 2)], { primary: [noBind, noBind], backup: [accepted, { kind: 'transient', reason: 'ESME_RSYSERR' }] }, asked);
    expect(await carriers.submit(submission('+15551234567'))).toEqual(accepted);
    expect(await carriers.submit(submission('+15551234567'))).toEqual({ kind: 'transient', reason: 'primary: no bound session; backup: ESME_RSYSERR' });
    expect(asked).toEqual(['primary', 'backup', 'primary', 'backup']);
  });

  it('does not fail over a refusal: the carrier has judged the message', async () => {
    const asked: string[] = [];
    const refused: CarrierOutcome = { kind: 'rejected', code: 'ESME_RINVDSTADR', message: 'invalid destination' };
    const carriers = carriersOf([smpp('primary', ['*'], 1), smpp('backup', ['*'], 2)], { primary: [refused] }, asked);
    expect(await carriers.submit(submission('+15551234567'))).toEqual(refused);
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
});
