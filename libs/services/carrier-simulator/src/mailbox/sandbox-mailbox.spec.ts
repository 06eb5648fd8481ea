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

  it('asks for an address', async () => {
    await expect(sim.client.listMailbox({ to: ' ' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: { to: expect.anything() } } });
  });
});
