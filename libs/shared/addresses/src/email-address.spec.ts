import fc from 'fast-check';
import { createTransport } from 'nodemailer';
import { checkEmailAddress, isEmailAddress, MAX_EMAIL_LENGTH } from './email-address';

// The envelope nodemailer builds for a recipient: what it would say in RCPT TO.
const transport = createTransport({ jsonTransport: true });
async function envelopeTo(address: string): Promise<string[]> {
  const info = (await transport.sendMail({ from: 'sender@sandbox.example', to: address, text: 'x' })) as { envelope: { to: string[] } };
  return info.envelope.to;
}

// The tricky addresses: each refused, or accepted in the form shown (the one that reaches SMTP).
const TABLE: Array<[string, string, string | null]> = [
  ['plain', 'ada@example.com', 'ada@example.com'],
  ['a + tag', 'ada+billing@example.com', 'ada+billing@example.com'],
  ['case in the local part kept, domain lower-cased', 'Ada.Lovelace@Example.COM', 'Ada.Lovelace@example.com'],
  ['every atext character', "a!#$%&'*+/=?^_`{|}~-z@example.com", "a!#$%&'*+/=?^_`{|}~-z@example.com"],
  ['an IDN as its A-label', 'ada@xn--bcher-kva.example', 'ada@xn--bcher-kva.example'],
  ['a subdomain', 'ada@mail.eu.example.com', 'ada@mail.eu.example.com'],
  ['comment glue in the domain', 'user@good-corp.com(x)evil.com', null],
  ['a comment before the local part', '(x)user@example.com', null],
  ['a comment after the address', 'user@example.com(x)', null],
  ['a quoted local part', '"ada lovelace"@example.com', null],
  ['a quoted local part hiding an @', '"user@evil.com"@good.com', null],
  ['a display name', 'Ada <ada@example.com>', null],
  ['angle brackets', '<ada@example.com>', null],
  ['two addresses', 'ada@example.com,eve@evil.com', null],
  ['a group', 'x:ada@example.com;', null],
  ['two @', 'ada@evil.com@example.com', null],
  ['an IDN as Unicode (nodemailer would punycode it)', 'ada@bücher.example', null],
  ['a Unicode local part (needs SMTPUTF8)', 'adä@example.com', null],
  ['a trailing dot in the domain', 'ada@example.com.', null],
  ['a trailing dot in the local part', 'ada.@example.com', null],
  ['a leading dot', '.ada@example.com', null],
  ['doubled dots', 'ada..l@example.com', null],
  ['doubled dots in the domain', 'ada@example..com', null],
  ['a leading space', ' ada@example.com', null],
  ['a trailing newline', 'ada@example.com\n', null],
  ['an inner space', 'ada @example.com', null],
  ['a tab', 'ada@exa\tmple.com', null],
  ['a CRLF header injection', 'ada@example.com\r\nBcc: eve@evil.com', null],
  ['a domain literal', 'ada@[127.0.0.1]', null],
  ['an IP address', 'ada@127.0.0.1', null],
  ['no dot in the domain', 'ada@localhost', null],
  ['no @', 'ada.example.com', null],
  ['an empty local part', '@example.com', null],
  ['a hyphen ending a label', 'ada@example-.com', null],
  ['an A-label in capitals', 'ada@XN--BCHER-KVA.Example', 'ada@xn--bcher-kva.example'],
  ['a backslash', 'ada\\x@example.com', null],
  ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`, null],
  ['a label of 64 characters', `ada@${'a'.repeat(64)}.com`, null],
  ['a no-break space', 'ada\u00a0@example.com', null],
  ['an underscore in the domain', 'ada@ex_ample.com', null],
  ['a full-width @', 'ada\uff20example.com', null],
  ['a comma in the local part', 'a,b@example.com', null],
  ['an empty domain', 'ada@', null],
  ['empty', '', null],
];

describe('the email rule', () => {
  it.each(TABLE)('%s: %j', async (_what, input, accepted) => {
    const check = checkEmailAddress(input);
    expect(check).toEqual(accepted === null ? { ok: false, reason: expect.any(String) } : { ok: true, address: accepted });
    expect(isEmailAddress(input)).toBe(accepted !== null);
    // What is accepted is what nodemailer sends: nothing rewritten, nothing split.
    if (accepted !== null) expect(await envelopeTo(accepted)).toEqual([accepted]);
  });

  it('refuses comment glue that nodemailer would send to another domain', async () => {
    expect(await envelopeTo('user@good-corp.com(x)evil.com')).not.toEqual(['user@good-corp.com(x)evil.com']);
    expect(checkEmailAddress('user@good-corp.com(x)evil.com')).toEqual({ ok: false, reason: 'contains a comment (parentheses)' });
  });

  it('takes up to 254 characters, and 64 in the local part', () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(MAX_EMAIL_LENGTH - 64 - 1 - 63 - 1 - 63 - 1)}`;
    expect(longest).toHaveLength(MAX_EMAIL_LENGTH);
    expect(isEmailAddress(longest)).toBe(true);
    expect(isEmailAddress(`${longest}x`)).toBe(false);
  });

  it('gives nodemailer no address it would rewrite (any string built from the awkward characters)', async () => {
    const awkward = fc.constantFrom(...'aZ09.@+-_"()<>,;:\\[] \t\r\nxn--ü\'=?!#{}/'.split(''), 'xn--', '.com', '@ex.com');
    await fc.assert(
      fc.asyncProperty(fc.array(awkward, { maxLength: 14 }).map((parts) => parts.join('')), async (value) => {
        const check = checkEmailAddress(value);
        if (check.ok) expect(await envelopeTo(check.address)).toEqual([check.address]);
      }),
      { numRuns: 400 },
    );
  });

  it('accepts the ordinary addresses fast-check makes, each sent unchanged, when ASCII and unquoted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.emailAddress(), async (value) => {
        const check = checkEmailAddress(value);
        if (check.ok) expect(await envelopeTo(check.address)).toEqual([check.address]);
        else expect(check.reason).toBeTruthy();
        // fast-check's addresses are dot-atoms of atext over host names: this rule only drops length and numeric-TLD ones.
        if (!check.ok) expect(value.length > MAX_EMAIL_LENGTH || /\.[0-9]+$/.test(value) || value.split('@')[0].length > 64).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
