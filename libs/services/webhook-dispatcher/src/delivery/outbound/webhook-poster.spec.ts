import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './testing/self-signed';
import { WebhookPoster } from './webhook-poster';

/**
 * The receiver side of the spec's rules, against a local HTTPS server (private
 * networks allowed, its test certificate trusted through the `ca` option).
 */
const { key, cert } = selfSignedCertificate();
const hits: Record<string, number> = {};
const received: { url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
let tlsConnections = 0;
let server: https.Server;
let base: string;

function route(req: http.IncomingMessage, res: http.ServerResponse) {
  switch (req.url) {
    case '/ok':
      return res.end('thanks');
    case '/no-content':
      return res.writeHead(204).end();
    case '/fail':
      return res.writeHead(500).end('boom');
    case '/redirect':
      return res.writeHead(302, { location: '/target' }).end();
    case '/busy':
      return res.writeHead(429, { 'retry-after': '7' }).end();
    case '/unavailable':
      return res.writeHead(503, { 'retry-after': new Date(Date.now() + 120_000).toUTCString() }).end();
    case '/big':
      return res.end(Buffer.alloc(1024 * 1024, 'x'));
    case '/too-big': // 2 MiB, chunked: only counting tells
      res.write(Buffer.alloc(1024 * 1024, 'x'));
      return res.end(Buffer.alloc(1024 * 1024, 'x'));
    case '/too-big-declared':
      return res.writeHead(200, { 'content-length': String(2 * 1024 * 1024) }).end(Buffer.alloc(2 * 1024 * 1024, 'x'));
    case '/hang':
      return; // never answers
    default:
      return res.end();
  }
}

beforeAll(async () => {
  server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits[req.url!] = (hits[req.url!] ?? 0) + 1;
      received.push({ url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      route(req, res);
    });
  });
  server.on('secureConnection', () => tlsConnections++);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  poster.close();
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
});

const poster = new WebhookPoster({ allowPrivateNetworks: true, ca: cert });
const post = (path: string, p = poster) => p.post(`${base}${path}`, '{"type":"message.delivered"}', { 'content-type': 'application/json' });

describe('WebhookPoster answers', () => {
  it('a 2xx is a success with its status', async () => {
    expect(await post('/ok')).toEqual({ ok: true, status: 200, durationMs: expect.any(Number) });
    expect(await post('/no-content')).toEqual({ ok: true, status: 204, durationMs: expect.any(Number) });
  });

  it('a 5xx fails with its status', async () => {
    expect(await post('/fail')).toEqual({ ok: false, status: 500, error: 'answered 500 Internal Server Error', durationMs: expect.any(Number) });
  });

  it('a 3xx fails without being followed', async () => {
    expect(await post('/redirect')).toEqual({ ok: false, status: 302, error: `redirect not followed (302 to ${base}/target)`, durationMs: expect.any(Number) });
    expect(hits['/target']).toBeUndefined();
  });

  it('reports Retry-After of a 429 in seconds', async () => {
    expect(await post('/busy')).toEqual({ ok: false, status: 429, error: 'answered 429 Too Many Requests', retryAfterSeconds: 7, durationMs: expect.any(Number) });
  });

  it('reports Retry-After of a 503 given as an HTTP date as seconds from now', async () => {
    const outcome = await post('/unavailable');
    expect(outcome).toMatchObject({ ok: false, status: 503 });
    expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('a receiver that never answers fails after the timeout', async () => {
    const impatient = new WebhookPoster({ allowPrivateNetworks: true, ca: cert, timeoutMs: 300 });
    try {
      const outcome = await post('/hang', impatient);
      expect(outcome).toEqual({ ok: false, error: 'no answer within 0.3 s', durationMs: expect.any(Number) });
      expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
      expect(outcome.durationMs).toBeLessThan(1500);
    } finally {
      impatient.close();
    }
  });

  it('a refused connection fails clearly', async () => {
    const port = await closedPort();
    expect(await poster.post(`https://127.0.0.1:${port}/`, '{}', {})).toEqual({ ok: false, error: 'connection refused (ECONNREFUSED)', durationMs: expect.any(Number) });
  });

  it('an untrusted certificate fails as a TLS error, before any request is sent', async () => {
    const before = received.length;
    const trustingDefaults = new WebhookPoster({ allowPrivateNetworks: true });
    try {
      expect(await post('/ok', trustingDefaults)).toEqual({
        ok: false,
        error: 'TLS failed: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)',
        durationMs: expect.any(Number),
      });
    } finally {
      trustingDefaults.close();
    }
    expect(received.length).toBe(before);
  });
});

describe('WebhookPoster sends', () => {
  it('the exact body bytes and the caller’s headers, with the body’s own length', async () => {
    const body = Buffer.from([...Array(256).keys()]);
    const outcome = await poster.post(`${base}/echo?attempt=1`, body, {
      'Content-Type': 'application/octet-stream',
      'X-Webhook-Signature': 't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      'Content-Length': '999',
    });
    expect(outcome.ok).toBe(true);
    const seen = received.at(-1)!;
    expect(seen.url).toBe('/echo?attempt=1');
    expect(seen.body.equals(body)).toBe(true);
    expect(seen.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-webhook-signature': 't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      'content-length': '256',
    });
  });

  it('a string body as its UTF-8 bytes', async () => {
    await poster.post(`${base}/echo`, '{"text":"é✓"}', { 'content-type': 'application/json' });
    const seen = received.at(-1)!;
    expect(seen.body.toString('utf8')).toBe('{"text":"é✓"}');
    expect(seen.headers['content-length']).toBe(String(Buffer.byteLength('{"text":"é✓"}')));
  });

  it('sequential deliveries over one kept-alive connection', async () => {
    const fresh = new WebhookPoster({ allowPrivateNetworks: true, ca: cert });
    const before = tlsConnections;
    try {
      for (let i = 0; i < 5; i++) expect((await post('/ok', fresh)).ok).toBe(true);
    } finally {
      fresh.close();
    }
    expect(tlsConnections - before).toBe(1);
  });

  it('concurrent deliveries over at most maxSocketsPerOrigin connections', async () => {
    const pooled = new WebhookPoster({ allowPrivateNetworks: true, ca: cert, maxSocketsPerOrigin: 4 });
    const before = tlsConnections;
    try {
      const outcomes = await Promise.all(Array.from({ length: 200 }, () => post('/ok', pooled)));
      expect(outcomes.every((o) => o.ok)).toBe(true);
    } finally {
      pooled.close();
    }
    expect(tlsConnections - before).toBeLessThanOrEqual(4);
  });

  it('reads an answer body of up to 1 MiB without buffering it; a longer one fails the attempt, saying why', async () => {
    expect(await post('/big')).toMatchObject({ ok: true, status: 200 });
    const refused = { ok: false, status: 200, error: 'answer larger than 1048576 bytes (1 MiB): refused', durationMs: expect.any(Number) };
    expect(await post('/too-big')).toEqual(refused);
    expect(await post('/too-big-declared')).toEqual(refused);
    expect(await post('/ok')).toMatchObject({ ok: true, status: 200 });
  });

  it('over plain http as well (endpoint creation is where https is required)', async () => {
    const plain = http.createServer((_req, res) => res.writeHead(202).end());
    await new Promise<void>((ready) => plain.listen(0, '127.0.0.1', ready));
    const plainPoster = new WebhookPoster({ allowPrivateNetworks: true });
    try {
      expect(await plainPoster.post(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`, '{}', {})).toMatchObject({ ok: true, status: 202 });
    } finally {
      plainPoster.close();
      plain.closeAllConnections();
      await new Promise((closed) => plain.close(closed));
    }
  });
  it('once more on a fresh connection when a kept-alive one turns out closed by the receiver', async () => {
    // Answers the first request of each connection and resets the connection on the second.
    let accepted = 0;
    const receiver = net.createServer((socket) => {
      accepted++;
      let requests = 0;
      socket.on('data', () => {
        if (++requests === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n');
        else socket.resetAndDestroy();
      });
    });
    await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    const resending = new WebhookPoster({ allowPrivateNetworks: true });
    try {
      expect(await resending.post(url, '{}', {})).toMatchObject({ ok: true, status: 200 });
      expect(await resending.post(url, '{}', {})).toMatchObject({ ok: true, status: 200 });
      expect(accepted).toBe(2);
    } finally {
      resending.close();
      await new Promise((closed) => receiver.close(closed));
    }
  });
});

describe('WebhookPoster never throws', () => {
  const other = new WebhookPoster({ allowPrivateNetworks: true, ca: cert });
  afterAll(() => other.close());

  it.each([
    ['not a url', 'invalid URL: not a url'],
    ['ftp://files.example.com/', 'unsupported URL scheme ftp: (https expected)'],
  ])('%s: %s', async (url, error) => {
    expect(await other.post(url, '{}', {})).toEqual({ ok: false, error, durationMs: expect.any(Number) });
  });

  it('on a header value the HTTP client rejects', async () => {
    const outcome = await other.post(`${base}/ok`, '{}', { 'x-signature': 'a\r\nInjected: yes' });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('ERR_INVALID_CHAR') });
  });
});

describe('WebhookPoster.close', () => {
  it('aborts deliveries in flight and refuses later ones', async () => {
    const closing = new WebhookPoster({ allowPrivateNetworks: true, ca: cert });
    const inFlight = post('/hang', closing);
    await waitFor(() => (hits['/hang'] ?? 0) > 0);
    closing.close();
    const outcome = await inFlight;
    expect(outcome).toEqual({ ok: false, error: 'delivery aborted: the poster is closed', durationMs: expect.any(Number) });
    expect(outcome.durationMs).toBeLessThan(5000);
    expect(await post('/ok', closing)).toEqual({ ok: false, error: 'delivery aborted: the poster is closed', durationMs: expect.any(Number) });
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', ready));
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return port;
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}
