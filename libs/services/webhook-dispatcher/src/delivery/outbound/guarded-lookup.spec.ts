import type { LookupAddress, LookupOptions } from 'node:dns';
import { ADDRESS_BLOCKED, guardedLookup, type Resolve } from './guarded-lookup';

/** A resolver answering `addresses` for every name, recording what it was asked. */
function answering(addresses: LookupAddress[] | NodeJS.ErrnoException) {
  const asked: { hostname: string; options: object }[] = [];
  const resolve: Resolve = (hostname, options, callback) => {
    asked.push({ hostname, options });
    if (addresses instanceof Error) callback(addresses, []);
    else callback(null, addresses);
  };
  return { resolve, asked };
}

/** Calls the lookup the way net does and hands back what it answered. */
function lookUp(resolve: Resolve, hostname: string, options: LookupOptions) {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((done) =>
    guardedLookup(resolve)(hostname, options, (err, address, family) => done({ err, address, family })),
  );
}

const PUBLIC_V4 = { address: '93.184.216.34', family: 4 };
const PUBLIC_V6 = { address: '2606:4700::1111', family: 6 };

describe('guardedLookup', () => {
  it('answers a public address in the single-address form', async () => {
    const { resolve } = answering([PUBLIC_V4]);
    expect(await lookUp(resolve, 'hooks.example.com', {})).toEqual({ err: null, address: '93.184.216.34', family: 4 });
  });

  it('with all: true (autoSelectFamily) answers only the allowed addresses', async () => {
    const { resolve } = answering([{ address: '127.0.0.1', family: 4 }, PUBLIC_V4, { address: '::1', family: 6 }, PUBLIC_V6, { address: '10.0.0.5', family: 4 }]);
    expect(await lookUp(resolve, 'mixed.example.com', { all: true })).toEqual({ err: null, address: [PUBLIC_V4, PUBLIC_V6], family: undefined });
  });

  it('in the single-address form skips blocked answers for the first allowed one', async () => {
    const { resolve } = answering([{ address: '::ffff:127.0.0.1', family: 6 }, PUBLIC_V6]);
    expect(await lookUp(resolve, 'mixed.example.com', {})).toEqual({ err: null, address: '2606:4700::1111', family: 6 });
  });

  it.each([{}, { all: true }])('refuses a name with only internal answers (%j), clearly', async (options) => {
    const { resolve } = answering([{ address: '10.0.0.5', family: 4 }, { address: 'fd00::5', family: 6 }]);
    const { err } = await lookUp(resolve, 'hooks.example.com', options);
    expect(err?.code).toBe(ADDRESS_BLOCKED);
    expect(err?.message).toBe('hooks.example.com resolves only to internal addresses: refused');
  });

  it('refuses an empty answer', async () => {
    const { err } = await lookUp(answering([]).resolve, 'empty.example.com', { all: true });
    expect(err).toMatchObject({ code: ADDRESS_BLOCKED, message: 'empty.example.com resolves to no address: refused' });
  });

  it('passes resolution errors through', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND nope.example'), { code: 'ENOTFOUND' });
    const { err } = await lookUp(answering(notFound).resolve, 'nope.example', {});
    expect(err).toBe(notFound);
  });

  it("asks for every address, keeping net's family and hints", async () => {
    const { resolve, asked } = answering([PUBLIC_V6]);
    await lookUp(resolve, 'hooks.example.com', { family: 6, hints: 32 });
    expect(asked).toEqual([{ hostname: 'hooks.example.com', options: { family: 6, hints: 32, all: true } }]);
  });

  it('uses dns.lookup by default: localhost is refused', async () => {
    const lookup = guardedLookup();
    const err = await new Promise<NodeJS.ErrnoException | null>((done) => lookup('localhost', { all: true }, (e) => done(e)));
    expect(err?.code).toBe(ADDRESS_BLOCKED);
    expect(err?.message).toMatch(/^localhost resolves only to internal addresses: refused$/);
  });
});
