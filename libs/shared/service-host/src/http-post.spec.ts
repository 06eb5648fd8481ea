import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describePostError, httpGet, httpPost, MAX_ANSWER_BYTES } from './http-post';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse, nthOnSocket: number) => void;

describe('httpPost', () => {
  let server: http.Server;
  let url: string;
  let handler: Handler;
  const requests: Array<{ body: string; headers: http.IncomingHttpHeaders; port: number }> = [];
  const perSocket = new WeakMap<Socket, number>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const nth = (perSocket.get(req.socket) ?? 0) + 1;
        perSocket.set(req.socket, nth);
        const body = Buffer.concat(chunks).toString();
        requests.push({ body, headers: req.headers, port: req.socket.remotePort ?? 0 });
        handler(req, body, res, nth);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    handler = (_req, _body, res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"c-1"}');
  });

  it('posts the body with its headers and reads the whole answer, reusing the connection', async () => {
    const first = await httpPost(url, { headers: { 'content-type': 'application/json', 'x-signature': 'abc' }, body: '{"n":1}', timeoutMs: 5_000 });
    const second = await httpPost(url, { headers: { 'content-type': 'application/json' }, body: Buffer.from('{"n":2}'), timeoutMs: 5_000 });
    expect(first.status).toBe(201);
    expect(JSON.parse(first.body.toString())).toEqual({ id: 'c-1' });
    expect(second.status).toBe(201);
    expect(requests.map((r) => r.body)).toEqual(['{"n":1}', '{"n":2}']);
    expect(requests[0].headers).toMatchObject({ 'x-signature': 'abc', 'content-length': '7', connection: 'keep-alive' });
    // The same client port: one connection, kept alive between the two.
    expect(requests[1].port).toBe(requests[0].port);
  });

  it('answers any status as it came, body included', async () => {
    handler = (_req, _body, res) => res.writeHead(422).end('{"error":{"code":"REFUSED"}}');
    const answer = await httpPost(url, { headers: {}, body: '{}', timeoutMs: 5_000 });
    expect(answer.status).toBe(422);
    expect(answer.body.toString()).toBe('{"error":{"code":"REFUSED"}}');
  });

  it('refuses an answer longer than the cap (1 MiB by default), reading no further than it', async () => {
    expect(MAX_ANSWER_BYTES).toBe(1024 * 1024);
    // Chunked, so only counting tells: 16 MiB offered in 64 KiB writes, each waiting for the socket to drain.
    let written = 0;
    let closedEarly = false;
    handler = (_req, _body, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const more = () => {
        while (written < 16 * MAX_ANSWER_BYTES) {
          if (res.destroyed) return;
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('close', () => (closedEarly = written < 16 * MAX_ANSWER_BYTES));
      more();
    };
    const error = await httpPost(url, { headers: {}, body: '{}', timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AnswerTooLargeError' });
    expect(describePostError(error)).toBe(`AnswerTooLargeError: the answer is larger than ${MAX_ANSWER_BYTES} bytes: refused`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedEarly).toBe(true);
    expect(written).toBeLessThan(4 * MAX_ANSWER_BYTES);

    // A declared length past the cap is refused before any of it is read; a smaller cap is honoured.
    handler = (_req, _body, res) => res.writeHead(200, { 'content-length': String(2 * MAX_ANSWER_BYTES) }).end(Buffer.alloc(2 * MAX_ANSWER_BYTES));
    await expect(httpPost(url, { headers: {}, body: '{}', timeoutMs: 5_000 })).rejects.toMatchObject({ name: 'AnswerTooLargeError' });
    handler = (_req, _body, res) => res.writeHead(200).end('x'.repeat(11));
    await expect(httpPost(url, { headers: {}, body: '{}', timeoutMs: 5_000, maxAnswerBytes: 10 })).rejects.toMatchObject({ name: 'AnswerTooLargeError', maxBytes: 10 });
    handler = (_req, _body, res) => res.writeHead(200).end('x'.repeat(10));
    expect((await httpPost(url, { headers: {}, body: '{}', timeoutMs: 5_000, maxAnswerBytes: 10 })).body.length).toBe(10);
  });

  it('fails with a TimeoutError when the answer does not come in time', async () => {
    handler = (_req, _body, res) => void setTimeout(() => res.writeHead(201).end(), 500);
    const error = await httpPost(url, { headers: {}, body: '{}', timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(describePostError(error)).toBe('TimeoutError: no answer within 50 ms');
  });

  it('sends once more, on a new connection, a POST whose kept-alive connection the server had closed', async () => {
    await httpPost(url, { headers: {}, body: '{"n":1}', timeoutMs: 5_000 });
    // The server drops the reused connection as the next POST arrives (it had just closed it as idle).
    handler = (req, _body, res, nth) => (nth > 1 ? req.socket.destroy() : res.writeHead(201).end('{}'));
    const answer = await httpPost(url, { headers: {}, body: '{"n":2}', timeoutMs: 5_000 });
    expect(answer.status).toBe(201);
    expect(requests.map((r) => r.body)).toEqual(['{"n":1}', '{"n":2}', '{"n":2}']);
    expect(requests[2].port).not.toBe(requests[1].port);
  });

  it('names a refused connection, and does not send again a POST whose answer was cut off', async () => {
    const refused = await httpPost(url.replace(/:\d+\//, ':1/'), { headers: {}, body: '{}', timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(describePostError(refused)).toMatch(/ECONNREFUSED/);

    handler = (_req, _body, res) => {
      res.writeHead(201, { 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const before = requests.length;
    const cut = await httpPost(url, { headers: {}, body: '{"n":3}', timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(describePostError(cut)).toMatch(/^Error: (the answer was cut off|aborted)/);
    expect(requests.length - before).toBe(1);
  });
  it('GETs with the same bounds: no body sent, the answer capped, the whole exchange timed', async () => {
    handler = (req, body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body }));
    const answer = await httpGet(url, { headers: { accept: 'application/json' }, timeoutMs: 5_000 });
    expect(JSON.parse(answer.body.toString())).toEqual({ method: 'GET', body: '' });
    expect(requests.at(-1)?.headers).toMatchObject({ accept: 'application/json' });
    expect(requests.at(-1)?.headers['content-length']).toBeUndefined();

    handler = (_req, _body, res) => res.writeHead(200).end('x'.repeat(MAX_ANSWER_BYTES + 1));
    await expect(httpGet(url, { timeoutMs: 5_000 })).rejects.toMatchObject({ name: 'AnswerTooLargeError', maxBytes: MAX_ANSWER_BYTES });
    // Headers at once, then a body that never ends: the deadline covers reading it.
    handler = (_req, _body, res) => void res.writeHead(200).write('{"keys":[');
    await expect(httpGet(url, { timeoutMs: 100 })).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
