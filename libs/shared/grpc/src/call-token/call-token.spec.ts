import { base64url, SignJWT, importJWK } from 'jose';
import { generateCallKeys, generateSigningKeyPair, parseSigningKey, parseVerificationKeys, type CallKeys } from './call-keys';
import { callKeysFrom } from './call-token-config';
import { CallTokenSigner } from './call-token-signer';
import { CallTokenRefused, CallTokenVerifier } from './call-token-verifier';
import type { Principal } from '../call-context';

const user: Principal = { kind: 'user', accountId: '7d1f0a52-2f43-4c4e-9d2c-1a0b6f1e9a11', userId: 'u-1', role: 'Admin' };
const staffPrincipal: Principal = { kind: 'system', accountId: user.accountId };
const soon = () => new Date(Date.now() + 10_000);

let keys: CallKeys & { staffSigningKey: import('jose').JWK };
let gateway: CallTokenSigner;
let staff: CallTokenSigner;
let messaging: CallTokenVerifier;

beforeAll(async () => {
  keys = await generateCallKeys();
  gateway = await CallTokenSigner.fromJwk(keys.signingKey, 'gateway');
  staff = await CallTokenSigner.fromJwk(keys.staffSigningKey, 'staff', staffPrincipal);
  messaging = new CallTokenVerifier(keys, 'messaging');
});

const refused = (token: unknown) => messaging.verify(token).then(
  () => 'accepted',
  (error) => (error instanceof CallTokenRefused ? 'refused' : `threw ${String(error)}`),
);

/** A token with any header and claims, signed with `jwk`. */
async function handMade(jwk: import('jose').JWK, header: Record<string, unknown>, claims: Record<string, unknown>) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', ...header }).sign(await importJWK(jwk, 'EdDSA'));
}

describe('call tokens', () => {
  it('carries the principal to the service it was signed for', async () => {
    await expect(messaging.verify(await gateway.sign(user, 'messaging', soon()))).resolves.toEqual(user);
  });

  it('presents the signer’s own identity when there is no principal: anonymous for the gateway, the service for a service', async () => {
    await expect(messaging.verify(await gateway.sign(undefined, 'messaging', soon()))).resolves.toEqual({ kind: 'anonymous', accountId: '' });
    await expect(messaging.verify(await gateway.as('routing').sign(undefined, 'messaging', soon()))).resolves.toEqual({
      kind: 'service',
      accountId: '',
      service: 'routing',
    });
  });

  it('refuses a missing, empty or malformed token', async () => {
    for (const token of [undefined, '', 'not-a-jwt', Buffer.from('x'), 'a.b.c']) expect(await refused(token)).toBe('refused');
  });

  it('refuses a token signed for another service (replayed into another service)', async () => {
    expect(await refused(await gateway.sign(user, 'identity', soon()))).toBe('refused');
  });

  it('refuses an expired token and one that claims a long life', async () => {
    const now = Math.floor(Date.now() / 1000);
    const base = { iss: 'gateway', aud: 'messaging', prn: user };
    expect(await refused(await handMade(keys.signingKey, { kid: keys.signingKey.kid }, { ...base, iat: now - 60, exp: now - 30 }))).toBe('refused');
    expect(await refused(await handMade(keys.signingKey, { kid: keys.signingKey.kid }, { ...base, iat: now, exp: now + 3600 }))).toBe('refused');
    // A token whose expiry is the call's deadline: valid until then.
    expect(await refused(await handMade(keys.signingKey, { kid: keys.signingKey.kid }, { ...base, iat: now, exp: now + 10 }))).toBe('accepted');
  });

  it('refuses a forged signature: another key under a trusted kid, a tampered payload, alg none, HS256', async () => {
    const forger = await generateSigningKeyPair(keys.signingKey.kid!);
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: 'gateway', aud: 'messaging', prn: user, iat: now, exp: now + 10 };
    expect(await refused(await handMade(forger.privateKey, { kid: keys.signingKey.kid }, claims))).toBe('refused');

    const genuine = await gateway.sign(user, 'messaging', soon());
    const [header, , signature] = genuine.split('.');
    const other = base64url.encode(JSON.stringify({ ...claims, prn: { ...user, accountId: '00000000-0000-4000-8000-000000000000' } }));
    expect(await refused(`${header}.${other}.${signature}`)).toBe('refused');

    const none = `${base64url.encode(JSON.stringify({ alg: 'none', kid: keys.signingKey.kid }))}.${base64url.encode(JSON.stringify(claims))}.`;
    expect(await refused(none)).toBe('refused');
    const hs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: keys.signingKey.kid }).sign(new TextEncoder().encode('x'.repeat(32)));
    expect(await refused(hs)).toBe('refused');
  });

  it('lets only a staff key carry `system`, and a staff key carry nothing else', async () => {
    await expect(messaging.verify(await staff.sign(staffPrincipal, 'messaging', soon()))).resolves.toEqual(staffPrincipal);
    expect(await refused(await gateway.sign(staffPrincipal, 'messaging', soon()))).toBe('refused');
    expect(await refused(await gateway.as('identity').sign(staffPrincipal, 'messaging', soon()))).toBe('refused');
    expect(await refused(await staff.sign(user, 'messaging', soon()))).toBe('refused');
  });

  it('refuses a service speaking for another service', async () => {
    const spoof: Principal = { kind: 'service', accountId: '', service: 'messaging' };
    expect(await refused(await gateway.as('routing').sign(spoof, 'messaging', soon()))).toBe('refused');
  });

  it('refuses a principal of unknown shape', async () => {
    expect(await refused(await gateway.sign({ kind: 'root', accountId: '' } as unknown as Principal, 'messaging', soon()))).toBe('refused');
    expect(await refused(await gateway.sign({ kind: 'user', accountId: '' } as Principal, 'messaging', soon()))).toBe('refused');
  });

  it('accepts two verification keys at once, so signers rotate without downtime', async () => {
    const next = await generateSigningKeyPair('call-next');
    const both = new CallTokenVerifier({ ...keys, verificationKeys: { keys: [...keys.verificationKeys.keys, next.publicKey] } }, 'messaging');
    const rotated = await CallTokenSigner.fromJwk(next.privateKey, 'gateway');
    await expect(both.verify(await gateway.sign(user, 'messaging', soon()))).resolves.toEqual(user);
    await expect(both.verify(await rotated.sign(user, 'messaging', soon()))).resolves.toEqual(user);
    // Before the new public key is everywhere, its tokens are refused.
    expect(await refused(await rotated.sign(user, 'messaging', soon()))).toBe('refused');
  });

  it('reuses a recent token only for a call whose deadline it does not outlive', async () => {
    const first = await gateway.sign(user, 'replies', new Date(Date.now() + 10_000));
    expect(await gateway.sign(user, 'replies', new Date(Date.now() + 10_500))).toBe(first);
    const short = new Date(Date.now() + 4_000);
    const second = await gateway.sign(user, 'replies', short);
    expect(second).not.toBe(first);
    expect(JSON.parse(Buffer.from(second.split('.')[1], 'base64url').toString()).exp).toBeLessThanOrEqual(Math.floor(short.getTime() / 1000));
    // Another principal or audience never shares a token.
    expect(await gateway.sign({ ...user, userId: 'u-2' }, 'replies', new Date(Date.now() + 10_000))).not.toBe(first);
    expect(await gateway.sign(user, 'routing', new Date(Date.now() + 10_000))).not.toBe(first);
  });

  it('never signs a token that outlives the call’s deadline', async () => {
    const deadline = new Date(Date.now() + 5_000);
    const token = await gateway.sign(user, 'messaging', deadline);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(deadline.getTime() / 1000));
    expect(claims.aud).toBe('messaging');
    expect(claims.iss).toBe('gateway');
  });
});

describe('call key configuration', () => {
  it('takes a private Ed25519 JWK with a kid and a JWKS of public keys', async () => {
    const pair = await generateSigningKeyPair('k1');
    expect(parseSigningKey(pair.privateKey)).toEqual(pair.privateKey);
    expect(parseVerificationKeys({ keys: [pair.publicKey] })).toEqual({ keys: [pair.publicKey] });
    expect(() => parseSigningKey(pair.publicKey)).toThrow(/private key/);
    expect(() => parseSigningKey({ ...pair.privateKey, kid: undefined })).toThrow(/kid/);
    expect(() => parseVerificationKeys({ keys: [pair.privateKey] })).toThrow(/public keys only/);
    expect(() => parseVerificationKeys({ keys: [] })).toThrow(/at least one/);
    expect(() => parseVerificationKeys({ keys: [pair.publicKey, pair.publicKey] })).toThrow(/same kid/);
    expect(() => parseSigningKey({ kty: 'RSA', kid: 'r', n: 'x', e: 'AQAB', d: 'y' })).toThrow(/Ed25519/);
  });

  it('refuses a signing key whose public key is not among the verification keys', async () => {
    const a = await generateSigningKeyPair('a');
    const b = await generateSigningKeyPair('b');
    expect(() =>
      callKeysFrom({ CALL_TOKEN_SIGNING_KEY: a.privateKey, CALL_TOKEN_VERIFICATION_KEYS: { keys: [b.publicKey] }, STAFF_TOKEN_VERIFICATION_KEYS: { keys: [b.publicKey] } }),
    ).toThrow(/must include the public key/);
  });
});
