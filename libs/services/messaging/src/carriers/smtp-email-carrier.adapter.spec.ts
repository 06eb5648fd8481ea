import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CarrierSubmission } from './carrier.port';
import { SmtpEmailCarrierAdapter, subjectOf } from './smtp-email-carrier.adapter';

interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
  reference?: string;
  accountId?: string;
}

/** What the next mail gets: the default 250 with an id, or an SMTP error code. */
let answer: { code?: number; message?: string } = {};
const received: Received[] = [];
let server: SMTPServer;
let url: string;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          reference: parsed.headers.get('x-carrier-reference') as string | undefined,
          accountId: parsed.headers.get('x-carrier-account-id') as string | undefined,
        });
        if (answer.code) callback(Object.assign(new Error(answer.message ?? 'refused'), { responseCode: answer.code }));
        else callback(null, `OK queued as email-${received.length}`);
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answer = {};
  received.length = 0;
});

const submission: CarrierSubmission = {
  reference: '0f8fad5b-d9cb-469f-a165-70867728950e:1',
  accountId: 'acc-1',
  channel: 'Email',
  from: 'sender@sandbox.messaging.local',
  to: 'ana@example.test',
  body: 'Appointment confirmed\nSee you at 10:00.',
};

describe('SmtpEmailCarrierAdapter', () => {
  it('sends the mail over SMTP with the reference headers and reads the carrier id from the 250 reply', async () => {
    const carrier = new SmtpEmailCarrierAdapter({ smtpUrl: url });
    try {
      expect(await carrier.submit(submission)).toEqual({ kind: 'accepted', carrierMessageId: 'email-1' });
      expect(received).toEqual([
        {
          from: submission.from,
          to: ['ana@example.test'],
          subject: 'Appointment confirmed',
          text: expect.stringContaining('See you at 10:00.'),
          reference: submission.reference,
          accountId: 'acc-1',
        },
      ]);
    } finally {
      carrier.close();
    }
  });

  it('a 5xx reply is a refusal for good, with the carrier code and message', async () => {
    answer = { code: 550, message: 'DESTINATION_REFUSED: The carrier refused the message to ana@example.test.' };
    const carrier = new SmtpEmailCarrierAdapter({ smtpUrl: url });
    try {
      expect(await carrier.submit(submission)).toEqual({
        kind: 'rejected',
        code: 'DESTINATION_REFUSED',
        message: 'DESTINATION_REFUSED: The carrier refused the message to ana@example.test.',
      });
    } finally {
      carrier.close();
    }
  });

  it('a 4xx reply and an unreachable server are transient', async () => {
    answer = { code: 451, message: 'try later' };
    const carrier = new SmtpEmailCarrierAdapter({ smtpUrl: url });
    const nowhere = new SmtpEmailCarrierAdapter({ smtpUrl: 'smtp://127.0.0.1:1', timeoutMs: 2_000 });
    try {
      expect(await carrier.submit(submission)).toMatchObject({ kind: 'transient', reason: expect.stringContaining('try later') });
      expect(await nowhere.submit(submission)).toMatchObject({ kind: 'transient' });
    } finally {
      carrier.close();
      nowhere.close();
    }
  });
});

describe('subjectOf', () => {
  it('is the first non-blank line, shortened to 78 characters', () => {
    expect(subjectOf('\n  Hello there \nsecond')).toBe('Hello there');
    expect(subjectOf('x'.repeat(100))).toBe(`${'x'.repeat(77)}…`);
    expect(subjectOf('')).toBe('');
  });
});
