import * as dns from 'node:dns';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Resolve } from './guarded-lookup';
import { WebhookPoster } from './webhook-poster';

/**
 * A listener on the loopback interface (IPv4 and IPv6) that counts every
 * connection it is offered. No delivery URL naming it, in any spelling or
 * through any name, may ever reach it while private networks are refused.
 */
let listener: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  // '::' without ipv6Only also takes IPv4 (127.0.0.1, 0.0.0.0 and ::ffff:127.0.0.1 connect here).
  await new Promise<void>((ready) => listener.listen(0, '::', ready));
  port = (listener.address() as AddressInfo).port;
});
afterAll(() => new Promise((closed) => listener.close(closed)));

const LOOPBACK = { address: '127.0.0.1', family: 4 };
const PUBLIC = { address: '2606:4700::1111', family: 6 };

/** Names that resolve inside, as an attacker's DNS would answer them; anything else through dns.lookup. */
const attackerDns: Resolve = (hostname, options, callback) => {
  const answers: Record<string, dns.LookupAddress[]> = {
    'internal.hooks.test': [LOOPBACK],
    'dual.hooks.test': [{ address: '::1', family: 6 }, LOOPBACK],
    'mapped.hooks.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
    'metadata.hooks.test': [{ address: '169.254.169.254', family: 4 }],
  };
  if (answers[hostname]) return callback(null, answers[hostname]);
  dns.lookup(hostname, options, callback);
};

const LOOPBACK_REFUSED = (host: string) => new RegExp(`^${host.replace(/\./g, '\\.')} resolves only to internal addresses: refused$`);

/** [URL with P for the listener's port, the error the outcome must carry] */
const NEVER_CONNECTED: [string, string | RegExp][] = [
  ['https://127.0.0.1:P/', '127.0.0.1 is a loopback address: refused'],
  ['http://127.0.0.1:P/', '127.0.0.1 is a loopback address: refused'],
  ['https://localhost:P/', LOOPBACK_REFUSED('localhost')],
  ['https://LOCALHOST:P/', LOOPBACK_REFUSED('localhost')],
  ['https://2130706433:P/', '127.0.0.1 is a loopback address: refused'],
  ['https://0x7f000001:P/', '127.0.0.1 is a loopback address: refused'],
  ['https://0177.0.0.1:P/', '127.0.0.1 is a loopback address: refused'],
  ['https://127.1:P/', '127.0.0.1 is a loopback address: refused'],
  ['https://0x7f.1:P/', '127.0.0.1 is a loopback address: refused'],
  ['https://127.0.0.1.:P/', '127.0.0.1 is a loopback address: refused'],
  ['https://user:secret@127.0.0.1:P/', '127.0.0.1 is a loopback address: refused'],
  ['https://[::1]:P/', '::1 is a loopback address: refused'],
  ['https://[::ffff:127.0.0.1]:P/', '::ffff:7f00:1 is an IPv4-mapped IPv6 form of 127.0.0.1, a loopback address: refused'],
  ['https://[::ffff:7f00:1]:P/', '::ffff:7f00:1 is an IPv4-mapped IPv6 form of 127.0.0.1, a loopback address: refused'],
  ['https://[::127.0.0.1]:P/', '::7f00:1 is an IPv4-compatible IPv6 form of 127.0.0.1, a loopback address: refused'],
  ['https://0.0.0.0:P/', '0.0.0.0 is an unspecified address: refused'],
  ['https://0:P/', '0.0.0.0 is an unspecified address: refused'],
  ['https://[::]:P/', ':: is an unspecified address: refused'],
  ['https://internal.hooks.test:P/', 'internal.hooks.test resolves only to internal addresses: refused'],
  ['https://dual.hooks.test:P/', 'dual.hooks.test resolves only to internal addresses: refused'],
  ['https://mapped.hooks.test:P/', 'mapped.hooks.test resolves only to internal addresses: refused'],
  ['https://metadata.hooks.test:P/latest/meta-data', 'metadata.hooks.test resolves only to internal addresses: refused'],
];
const urlOf = (template: string) => template.replace(':P/', `:${port}/`);

describe('a delivery never connects to an internal address', () => {
  const poster = new WebhookPoster({ allowPrivateNetworks: false, resolve: attackerDns, timeoutMs: 2000 });
  afterAll(() => poster.close());

  it.each(NEVER_CONNECTED)('%s is refused without a connection', async (template, error) => {
    const outcome = await poster.post(urlOf(template), '{}', { 'content-type': 'application/json' });
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(typeof error === 'string' ? `^${escape(error)}$` : error), durationMs: expect.any(Number) });
    expect(connections).toBe(0);
  });

  it('refuses them all at once as well (every connection attempt in flight together)', async () => {
    const outcomes = await Promise.all(NEVER_CONNECTED.map(([template]) => poster.post(urlOf(template), '{}', {})));
    expect(outcomes.every((o) => !o.ok && /: refused$/.test(o.error ?? ''))).toBe(true);
    expect(connections).toBe(0);
  });

  it('a name re-resolving inside between a check and the connect (DNS rebinding) still gets no connection', async () => {
    // Outside on the first answer, inside on every later one.
    const rebinding = () => {
      let calls = 0;
      const resolve: Resolve = (_hostname, _options, callback) => callback(null, [++calls === 1 ? PUBLIC : LOOPBACK]);
      return { resolve, calls: () => calls };
    };

    // Control: checking one answer and connecting with another resolution reaches the listener.
    const naive = rebinding();
    const checked = await new Promise<dns.LookupAddress[]>((done) => naive.resolve('rebind.hooks.test', { all: true }, (_e, a) => done(a)));
    expect(checked).toEqual([PUBLIC]);
    await new Promise<void>((done) => {
      const socket = net.connect({
        host: 'rebind.hooks.test',
        port,
        lookup: (h, o, cb) => naive.resolve(h, { ...o, all: true }, (e, a) => (o.all ? cb(e, a) : cb(e, a[0].address, a[0].family))),
      });
      socket.on('connect', () => socket.destroy());
      socket.on('close', () => done());
      socket.on('error', () => undefined);
    });
    await waitFor(() => connections === 1);
    connections = 0;

    // The poster connects to exactly the answer it checked: one resolution per connection, never the loopback one.
    const dns = rebinding();
    const guarded = new WebhookPoster({ allowPrivateNetworks: false, resolve: dns.resolve, timeoutMs: 300 });
    try {
      const first = await guarded.post(`https://rebind.hooks.test:${port}/`, '{}', {});
      expect(first.ok).toBe(false);
      expect(dns.calls()).toBe(1);
      const second = await guarded.post(`https://rebind.hooks.test:${port}/`, '{}', {});
      expect(second).toMatchObject({ ok: false, error: 'rebind.hooks.test resolves only to internal addresses: refused' });
    } finally {
      guarded.close();
    }
    expect(connections).toBe(0);
  });
});

describe('control: with private networks allowed the same URLs do reach the listener', () => {
  const unguarded = new WebhookPoster({ allowPrivateNetworks: true, timeoutMs: 2000 });
  afterAll(() => unguarded.close());

  // Not the attacker's names (only the guarded lookup uses that resolver), nor ::a.b.c.d (Linux does not route it to IPv4).
  const reachable = NEVER_CONNECTED.filter(([template]) => !template.includes('.hooks.test') && !template.includes('[::127.0.0.1]'));

  it.each(reachable)('%s connects', async (template) => {
    const before = connections;
    const outcome = await unguarded.post(urlOf(template), '{}', {});
    // The listener hangs up at once, so the TLS (or HTTP) exchange fails, after connecting.
    expect(outcome.ok).toBe(false);
    await waitFor(() => connections > before);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}
