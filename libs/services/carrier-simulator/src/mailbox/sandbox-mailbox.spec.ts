import { createTransport, type Transporter } from 'nodemailer';
import { startSimulatorHarness, type SimulatorHarness } from '../testing/simulator.test-harness';

let sim: SimulatorHarness;
let mailer: Transporter;

beforeAll(async () => {
  sim = await startSimulatorHarness();
  mailer = createTransport(sim.endpoints.smtpUrl);
});
afterAll(async () => {
  mailer.close();
  await sim.close();
});

describe('sandbox mailbox', () => {
  it('publishes an smtp:// URL on loopback', () => {
    expect(sim.endpoints.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(sim.endpoints.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('stores real mail sent over SMTP and lists it newest first', async () => {
    await mailer.sendMail({ from: 'no-reply@platform.test', to: 'Ada@Example.test', subject: 'Verify your email', text: 'Your token: t-1' });
    sim.clock.advance(1);
    await mailer.sendMail({ from: 'no-reply@platform.test', to: 'ada@example.test', subject: 'Your code', text: 'Code: 123456' });

    const { items } = await sim.client.listMailbox({ to: 'ADA@example.test' });
    expect(items.map((i) => [i.to, i.subject, i.text.trim()])).toEqual([
      ['ada@example.test', 'Your code', 'Code: 123456'],
      ['ada@example.test', 'Verify your email', 'Your token: t-1'],
    ]);
    expect(new Date(items[0].sentAt!).getTime()).toBeGreaterThan(new Date(items[1].sentAt!).getTime());
  });

  it('files a mail under each envelope recipient, Bcc included, and nowhere else', async () => {
    await mailer.sendMail({ from: 'no-reply@platform.test', to: 'bob@example.test', bcc: 'carol@example.test', subject: 'Hi both', text: 'x' });
    expect((await sim.client.listMailbox({ to: 'bob@example.test' })).items.map((i) => i.subject)).toEqual(['Hi both']);
    expect((await sim.client.listMailbox({ to: 'carol@example.test' })).items.map((i) => i.subject)).toEqual(['Hi both']);
    expect((await sim.client.listMailbox({ to: 'nobody@example.test' })).items).toEqual([]);
  });

  it('files an internationalised domain as the A-label sent, not as smtp-server decodes it', async () => {
    await mailer.sendMail({ from: 'no-reply@platform.test', to: 'ada@xn--bcher-kva.example', subject: 'IDN', text: 'x' });
    const { items } = await sim.client.listMailbox({ to: 'ada@xn--bcher-kva.example' });
    expect(items.map((i) => [i.to, i.subject])).toEqual([['ada@xn--bcher-kva.example', 'IDN']]);
  });

  it('asks for an address', async () => {
    await expect(sim.client.listMailbox({ to: ' ' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: { to: expect.anything() } } });
  });
});

describe('the email carrier (mail with the carrier headers)', () => {
  let n = 0;
  const email = (overrides: { to?: string; reference?: string; accountId?: string } = {}) => {
    const reference = overrides.reference ?? `mail-${++n}:1`;
    return {
      from: 'sender@sandbox.messaging.local',
      to: overrides.to ?? 'patient@example.test',
      subject: 'Appointment',
      text: 'See you at 10',
      headers: { 'X-Carrier-Reference': reference, 'X-Carrier-Account-Id': overrides.accountId ?? 'acc-mail' },
    };
  };
  const submissionsOf = (reference: string) => sim.db('carrier_submissions').where({ reference });

  it('accepts, files the mail with its From, answers the carrier id and schedules a receipt', async () => {
    const mail = email({ to: 'dana@example.test' });
    const info = (await mailer.sendMail(mail)) as { response: string };
    const id = /queued as (\S+)/.exec(info.response)?.[1];
    expect(id).toMatch(/^email-/);
    const [stored] = await submissionsOf(mail.headers['X-Carrier-Reference']);
    expect(stored).toMatchObject({ carrier_message_id: id, channel: 'Email', from_address: mail.from, to_address: 'dana@example.test' });
    expect(await sim.db('carrier_receipts').where({ carrier_message_id: id })).toEqual([expect.objectContaining({ status: 'delivered' })]);
    const { items } = await sim.client.listMailbox({ to: 'dana@example.test' });
    expect(items).toEqual([expect.objectContaining({ from: mail.from, subject: 'Appointment' })]);
  });

  it('is idempotent on the reference: a repeat gets the same id and files no second mail', async () => {
    const mail = email({ to: 'erin@example.test' });
    const first = (await mailer.sendMail(mail)) as { response: string };
    const again = (await mailer.sendMail(mail)) as { response: string };
    expect(again.response).toBe(first.response);
    expect(await submissionsOf(mail.headers['X-Carrier-Reference'])).toHaveLength(1);
    expect((await sim.client.listMailbox({ to: 'erin@example.test' })).items).toHaveLength(1);
  });

  it('refuses with 550 (behaviour failed) and answers 451 (unavailable), filing nothing', async () => {
    const principal = { kind: 'user' as const, accountId: 'acc-mail', userId: 'u', role: 'Admin' as const };
    await sim.client.setCarrierBehavior({ accountId: 'acc-mail', destination: 'frank@example.test', outcome: 'failed' }, { principal });
    await sim.client.setCarrierBehavior({ accountId: 'acc-mail', destination: 'gina@example.test', outcome: 'unavailable' }, { principal });
    await expect(mailer.sendMail(email({ to: 'frank@example.test' }))).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining('DESTINATION_REFUSED'),
    });
    await expect(mailer.sendMail(email({ to: 'gina@example.test' }))).rejects.toMatchObject({ responseCode: 451 });
    expect((await sim.client.listMailbox({ to: 'frank@example.test' })).items).toEqual([]);
    expect((await sim.client.listMailbox({ to: 'gina@example.test' })).items).toEqual([]);
  });
});
