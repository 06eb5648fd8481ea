import { createLogger } from '@mp/telemetry';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sendDueMailJob } from './send-due-mail.job';
import { as, PASSWORD, startIdentity, uniqueEmail, verificationTokenFor, type IdentityHarness } from '../testing/identity-harness';

interface Received {
  to: string;
  from: string;
  subject: string;
  text: string;
}

/** A real SMTP server on a free port; `refuse` makes it answer 451 to the next n messages. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { refuse: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse > 0) {
        state.refuse--;
        const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? '',
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const mailJob = (h: IdentityHarness) => h.parts.jobs!.find((j) => j.name === 'identity.send-due-mail')!;

describe('mail job (real SMTP server)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let h: IdentityHarness;
  beforeAll(async () => {
    smtp = await startSmtp();
    h = await startIdentity({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it('runs every 500 ms', () => {
    expect(mailJob(h).intervalMs).toBe(500);
  });

  it('sends the queued verification mail as plain text and marks it sent', async () => {
    const email = uniqueEmail();
    await h.handlers.register({ email, password: PASSWORD, organizationName: 'Acme' }, as());
    const token = await verificationTokenFor(h, email);

    expect(await mailJob(h).runDue()).toBe(1);
    const mail = smtp.received.find((m) => m.to === email)!;
    expect(mail).toMatchObject({ from: 'no-reply@sandbox.messaging.local', subject: 'Verify your email address' });
    expect(mail.text.split('\n').map((l) => l.trim())).toContain(`Verification token: ${token}`);
    expect(await h.db('outgoing_mail').where({ to_address: email }).first()).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await mailJob(h).runDue()).toBe(0); // nothing sent twice
  });

  it('retries with backoff on the sandbox clock after a refusal', async () => {
    const email = uniqueEmail();
    smtp.state.refuse = 1;
    await h.handlers.register({ email, password: PASSWORD, organizationName: 'Acme' }, as());

    expect(await mailJob(h).runDue()).toBe(1);
    let row = await h.db('outgoing_mail').where({ to_address: email }).first();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('Try again later') });
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(h.clock.now().getTime());
    expect(await mailJob(h).runDue()).toBe(0); // not due yet

    h.clock.advance(16.5); // 15 s, spread up to 10% later
    expect(await mailJob(h).runDue()).toBe(1);
    row = await h.db('outgoing_mail').where({ to_address: email }).first();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('gives up after ten attempts', async () => {
    const email = uniqueEmail();
    smtp.state.refuse = 10;
    await h.handlers.register({ email, password: PASSWORD, organizationName: 'Acme' }, as());
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await mailJob(h).runDue()).toBe(1);
      h.clock.advance(3960); // the longest delay (1 h) and its jitter (up to 10% later)
    }
    expect(await h.db('outgoing_mail').where({ to_address: email }).first()).toMatchObject({ status: 'failed', attempts: 10 });
    expect(await mailJob(h).runDue()).toBe(0);
    expect(smtp.received.filter((m) => m.to === email)).toHaveLength(0);
  });
});

describe('mail job without SMTP_URL', () => {
  it('keeps mail queued and warns once', async () => {
    const lines: string[] = [];
    const h = await startIdentity();
    try {
      const job = sendDueMailJob({ db: h.db, clock: h.clock, logger: createLogger('warn', {}, (l) => lines.push(l)) });
      const email = uniqueEmail();
      await h.handlers.register({ email, password: PASSWORD, organizationName: 'Acme' }, as());
      expect(await job.runDue()).toBe(0);
      expect(await job.runDue()).toBe(0);
      expect(await h.db('outgoing_mail').where({ to_address: email }).first()).toMatchObject({ status: 'queued', attempts: 0 });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('SMTP_URL');
    } finally {
      await h.close();
    }
  });
});
