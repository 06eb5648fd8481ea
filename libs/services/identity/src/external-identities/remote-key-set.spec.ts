import { MAX_ANSWER_BYTES } from '@mp/service-host';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK, type KeyLike } from 'jose';
import { remoteKeySet } from './remote-key-set';

/** An issuer's JWKS endpoint over real HTTP, answering what each test says and counting its requests. */
let server: Server;
let url: URL;
let answer: (res: ServerResponse) => void;
let requests = 0;
const keys: Array<{ kid: string; privateKey: KeyLike; jwk: JWK }> = [];

beforeAll(async () => {
  for (const kid of ['key-1', 'key-2']) {
    const pair = await generateKeyPair('ES256');
    keys.push({ kid, privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256' } });
  }
  server = createServer((_req, res) => {
    requests++;
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  requests = 0;
  serve(keys[0].jwk);
});

const serve = (...jwks: JWK[]) => (answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: jwks })));
const token = (kid: string) =>
  new SignJWT({ sub: 'someone' }).setProtectedHeader({ alg: 'ES256', kid }).sign(keys.find((k) => k.kid === kid)!.privateKey);
const options = { timeoutMs: 2_000, cooldownMs: 30_000, cacheMaxAgeMs: 600_000 };

describe('remoteKeySet', () => {
  it('fetches once for concurrent and later tokens, and selects the key by kid', async () => {
    const keySet = remoteKeySet(url, options);
    const verified = await Promise.all([1, 2, 3].map(async () => (await jwtVerify(await token('key-1'), keySet)).payload.sub));
    expect(verified).toEqual(['someone', 'someone', 'someone']);
    await jwtVerify(await token('key-1'), keySet);
    expect(requests).toBe(1);
  });

  it('fetches again for an unknown kid once the cooldown has passed, not before', async () => {
    const keySet = remoteKeySet(url, { ...options, cooldownMs: 300 });
    await jwtVerify(await token('key-1'), keySet);
    serve(keys[0].jwk, keys[1].jwk); // the issuer rotates key-2 in
    await expect(jwtVerify(await token('key-2'), keySet)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(requests).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await jwtVerify(await token('key-2'), keySet)).payload.sub).toBe('someone');
    expect(requests).toBe(2);
  });

  it('fetches again once the cache age has passed', async () => {
    const keySet = remoteKeySet(url, { ...options, cacheMaxAgeMs: 200 });
    await jwtVerify(await token('key-1'), keySet);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await jwtVerify(await token('key-1'), keySet);
    expect(requests).toBe(2);
  });

  it('refuses an answer over MAX_ANSWER_BYTES, even one that never ends, and one that stalls', async () => {
    // A valid key set padded past the cap: jose 5 alone would read it whole and accept it.
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [keys[0].jwk], pad: 'x'.repeat(MAX_ANSWER_BYTES) }));
    await expect(jwtVerify(await token('key-1'), remoteKeySet(url, options))).rejects.toMatchObject({ name: 'AnswerTooLargeError' });

    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      const more = () => {
        while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', more);
      };
      more();
    };
    await expect(jwtVerify(await token('key-1'), remoteKeySet(url, options))).rejects.toMatchObject({ name: 'AnswerTooLargeError' });

    answer = (res) => void res.writeHead(200, { 'content-type': 'application/json' }).write('{"keys":[');
    const started = Date.now();
    await expect(jwtVerify(await token('key-1'), remoteKeySet(url, { ...options, timeoutMs: 200 }))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails on a non-200 or malformed key set, and a later fetch can succeed', async () => {
    const keySet = remoteKeySet(url, options);
    answer = (res) => res.writeHead(500).end('{}');
    await expect(jwtVerify(await token('key-1'), keySet)).rejects.toBeInstanceOf(errors.JOSEError);
    answer = (res) => res.writeHead(200).end('not json');
    await expect(jwtVerify(await token('key-1'), keySet)).rejects.toThrow(/parse/);
    serve(keys[0].jwk);
    expect((await jwtVerify(await token('key-1'), keySet)).payload.sub).toBe('someone');
    expect(requests).toBe(3);
  });
});
