import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { HttpCarrierAdapter } from './http-carrier.adapter';
import type { CarrierSubmission } from './carrier.port';

type Handler = (req: express.Request, res: express.Response) => void;

describe('HttpCarrierAdapter', () => {
  let server: Server;
  let baseUrl: string;
  let handler: Handler;
  const seen: Array<{ body: unknown; authorization?: string }> = [];

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.post('/carrier/v1/messages', (req, res) => {
      seen.push({ body: req.body, authorization: req.headers.authorization });
      handler(req, res);
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (seen.length = 0));

  const submission: CarrierSubmission = {
    reference: 'm-1:1',
    accountId: 'acc-1',
    channel: 'Sms',
    from: '+15550000001',
    to: '+14155550123',
    body: 'hello',
  };

  it('posts the submission with the bearer key and reads a 201 as accepted', async () => {
    handler = (_req, res) => void res.status(201).json({ carrierMessageId: 'cm-1', status: 'accepted' });
    const outcome = await new HttpCarrierAdapter({ baseUrl: `${baseUrl}/`, apiKey: 'k-1' }).submit(submission);
    expect(outcome).toEqual({ kind: 'accepted', carrierMessageId: 'cm-1' });
    expect(seen).toEqual([{ body: submission, authorization: 'Bearer k-1' }]);
  });

  it('sends no Authorization header without a key', async () => {
    handler = (_req, res) => void res.status(201).json({ carrierMessageId: 'cm-1' });
    await new HttpCarrierAdapter({ baseUrl }).submit(submission);
    expect(seen[0].authorization).toBeUndefined();
  });

  it('reads a 422 as a refusal with the carrier code and message', async () => {
    handler = (_req, res) => void res.status(422).json({ error: { code: 'blocked', message: 'destination blocked' } });
    expect(await new HttpCarrierAdapter({ baseUrl }).submit(submission)).toEqual({
      kind: 'rejected',
      code: 'blocked',
      message: 'destination blocked',
    });
  });

  it('still refuses on a 422 without a readable body', async () => {
    handler = (_req, res) => void res.status(422).send('nope');
    expect(await new HttpCarrierAdapter({ baseUrl }).submit(submission)).toEqual({
      kind: 'rejected',
      code: 'rejected',
      message: 'carrier refused the message',
    });
  });

  it.each([500, 503, 401, 403, 408, 429])('treats HTTP %i as transient', async (status) => {
    handler = (_req, res) => void res.status(status).json({});
    expect(await new HttpCarrierAdapter({ baseUrl }).submit(submission)).toEqual({
      kind: 'transient',
      reason: `carrier answered HTTP ${status}`,
    });
  });

  it.each([400, 404, 413])('treats HTTP %i as a request the carrier cannot read (not retried)', async (status) => {
    handler = (_req, res) => void res.status(status).json({ error: { code: 'VALIDATION_FAILED', message: 'bad fields' } });
    expect(await new HttpCarrierAdapter({ baseUrl }).submit(submission)).toEqual({
      kind: 'invalid',
      reason: `carrier answered HTTP ${status} (VALIDATION_FAILED: bad fields)`,
    });
  });

  it('treats a 201 without carrierMessageId as transient', async () => {
    handler = (_req, res) => void res.status(201).json({ status: 'accepted' });
    expect((await new HttpCarrierAdapter({ baseUrl }).submit(submission)).kind).toBe('transient');
  });

  it('refuses an answer over 1 MiB as transient, saying why, without reading the rest', async () => {
    handler = (_req, res) => void res.status(201).json({ carrierMessageId: 'c-big', padding: 'x'.repeat(2 * 1024 * 1024) });
    expect(await new HttpCarrierAdapter({ baseUrl }).submit(submission)).toMatchObject({
      kind: 'transient',
      reason: 'carrier answer larger than 1048576 bytes: refused',
    });
  });

  it('treats no answer within the timeout as transient', async () => {
    handler = (_req, res) => void setTimeout(() => res.status(201).json({ carrierMessageId: 'late' }), 500);
    expect(await new HttpCarrierAdapter({ baseUrl, timeoutMs: 50 }).submit(submission)).toEqual({
      kind: 'transient',
      reason: 'carrier did not answer in time',
    });
  });

  it('treats a refused connection as transient', async () => {
    const closed = express().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await new HttpCarrierAdapter({ baseUrl: `http://127.0.0.1:${port}` }).submit(submission);
    expect(outcome.kind).toBe('transient');
    expect(outcome.kind === 'transient' && outcome.reason).toMatch(/^carrier unreachable/);
  });
});
