import { isEmailAddress } from './email-address';

describe('isEmailAddress', () => {
  it.each([
    ['simple', 'user@example.com'],
    ['subdomain', 'user@mail.example.co.uk'],
    ['dots in local part', 'first.last@example.com'],
    ['plus tag', 'user+tag@example.com'],
    ['RFC 5322 atext specials', "a!#$%&'*+/=?^_`{|}~-z@example.com"],
    ['digits only local part', '12345@example.com'],
    ['hyphen inside a label', 'user@my-mail.example.com'],
    ['digits in labels', 'user@123.example4.com'],
    ['single-character labels', 'a@b.co'],
    ['punycode domain', 'user@xn--bcher-kva.de'],
    ['upper case', 'User@Example.COM'],
  ])('accepts %s: %s', (_name, value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'user.example.com'],
    ['two @', 'user@host@example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'user@'],
    ['domain without a dot', 'user@localhost'],
    ['space in local part', 'us er@example.com'],
    ['space in domain', 'user@exa mple.com'],
    ['leading space', ' user@example.com'],
    ['trailing space', 'user@example.com '],
    ['trailing newline', 'user@example.com\n'],
    ['tab', 'user\t@example.com'],
    ['no-break space', 'user\u00A0@example.com'],
    ['leading dot in local part', '.user@example.com'],
    ['trailing dot in local part', 'user.@example.com'],
    ['consecutive dots in local part', 'us..er@example.com'],
    ['quoted local part', '"john doe"@example.com'],
    ['comma in local part', 'a,b@example.com'],
    ['angle brackets (display form)', 'User <user@example.com>'],
    ['leading dot in domain', 'user@.example.com'],
    ['trailing dot in domain', 'user@example.com.'],
    ['empty label', 'user@example..com'],
    ['label starting with hyphen', 'user@-example.com'],
    ['label ending with hyphen', 'user@example-.com'],
    ['underscore in domain', 'user@ex_ample.com'],
    ['IP literal', 'user@[192.168.0.1]'],
    ['bare IPv4 address', 'user@192.168.0.1'],
    ['non-ASCII local part', 'us\u00E9r@example.com'],
    ['non-ASCII domain (needs punycode)', 'user@b\u00FCcher.de'],
    ['full-width @', 'user\uFF20example.com'],
  ])('rejects %s', (_name, value) => {
    expect(isEmailAddress(value)).toBe(false);
  });

  describe('length limits', () => {
    const domain = '@example.com';

    it('accepts a 64-character local part and rejects 65', () => {
      expect(isEmailAddress('a'.repeat(64) + domain)).toBe(true);
      expect(isEmailAddress('a'.repeat(65) + domain)).toBe(false);
    });

    it('accepts a 63-character label and rejects 64', () => {
      expect(isEmailAddress(`user@${'a'.repeat(63)}.com`)).toBe(true);
      expect(isEmailAddress(`user@${'a'.repeat(64)}.com`)).toBe(false);
    });

    // 195-character domain (3 × 63 + 3 dots + 'com'), so only the local part
    // (58 or 59, both legal alone) decides whether the total limit is crossed.
    const longDomain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.com`;

    it('accepts exactly 254 characters in total', () => {
      const value = `${'x'.repeat(254 - 1 - longDomain.length)}@${longDomain}`;
      expect(value).toHaveLength(254);
      expect(isEmailAddress(value)).toBe(true);
    });

    it('rejects 255 characters in total', () => {
      const value = `${'x'.repeat(255 - 1 - longDomain.length)}@${longDomain}`;
      expect(value).toHaveLength(255);
      expect(isEmailAddress(value)).toBe(false);
    });
  });

  it('rejects non-string input from untyped callers', () => {
    expect(isEmailAddress(undefined as unknown as string)).toBe(false);
    expect(isEmailAddress({} as unknown as string)).toBe(false);
  });
});
