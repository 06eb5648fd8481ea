import { execFileSync } from 'node:child_process';
import { verifyMetaSignature } from './meta-signature';
import { TEXT_MESSAGE } from './testing/meta-payloads';

const appSecret = 'meta-app-secret-0123';

/** The signature as an independent peer computes it: the openssl CLI over the same bytes. */
function opensslSignature(secret: string, body: Buffer): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: body }).toString('ascii');
  const hex = /([0-9a-f]{64})\s*$/.exec(out);
  if (!hex) throw new Error(`unexpected openssl output: ${out}`);
  return `sha256=${hex[1]}`;
}

// Meta escapes non-ASCII as \uXXXX in what it signs: "Café 👍" as Meta sends it.
const ESCAPED_UNICODE = Buffer.from(TEXT_MESSAGE.replace('"body":"this is a text message"', '"body":"Caf\\u00e9 \\ud83d\\udc4d"'), 'utf8');

describe('verifyMetaSignature', () => {
  it("accepts the openssl CLI's HMAC-SHA256 of a documented payload", () => {
    const body = Buffer.from(TEXT_MESSAGE, 'utf8');
    expect(verifyMetaSignature(body, opensslSignature(appSecret, body), appSecret)).toBe(true);
  });

  it('checks the raw bytes of an escaped-unicode body, never re-serialised JSON', () => {
    expect(ESCAPED_UNICODE.toString('utf8')).toContain('\\u00e9');
    const header = opensslSignature(appSecret, ESCAPED_UNICODE);
    expect(verifyMetaSignature(ESCAPED_UNICODE, header, appSecret)).toBe(true);
    // The same JSON parsed and stringified again is other bytes ("é" and the emoji unescaped): it does not verify.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(ESCAPED_UNICODE.toString('utf8'))), 'utf8');
    expect(reserialised.equals(ESCAPED_UNICODE)).toBe(false);
    expect(verifyMetaSignature(reserialised, header, appSecret)).toBe(false);
  });

  it('refuses a missing, malformed, truncated or wrong header without throwing', () => {
    const body = Buffer.from(TEXT_MESSAGE, 'utf8');
    const good = opensslSignature(appSecret, body);
    const hex = good.slice('sha256='.length);
    for (const header of [undefined, '', 'sha256=', hex, `sha1=${hex}`, good.slice(0, -1), `${good}0`, `sha256=${'z'.repeat(64)}`, `sha256 = ${hex}`]) {
      expect(verifyMetaSignature(body, header, appSecret)).toBe(false);
    }
    expect(verifyMetaSignature(body, opensslSignature('another-secret', body), appSecret)).toBe(false);
    expect(verifyMetaSignature(Buffer.concat([body, Buffer.from(' ')]), good, appSecret)).toBe(false);
    expect(verifyMetaSignature(body, ['a', 'b'] as unknown as string, appSecret)).toBe(false);
  });

  it('never verifies under an empty app secret (a connection without one configured)', () => {
    const body = Buffer.from(TEXT_MESSAGE, 'utf8');
    expect(verifyMetaSignature(body, opensslSignature('', body), '')).toBe(false);
  });
});
