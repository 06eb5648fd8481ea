import { MAX_CLIENT_REFERENCE_LENGTH, normalizeClientReference } from './client-reference';

describe('normalizeClientReference', () => {
  it('has a 128 character limit', () => {
    expect(MAX_CLIENT_REFERENCE_LENGTH).toBe(128);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['spaces', '   '],
    ['tabs and newlines', '\t\r\n'],
    ['no-break and ideographic spaces', '\u00A0\u3000'],
  ])('treats %s as no reference', (_name, value) => {
    expect(normalizeClientReference(value)).toEqual({ ok: true, value: null });
  });

  it('keeps a plain reference unchanged', () => {
    expect(normalizeClientReference('order-42')).toEqual({ ok: true, value: 'order-42' });
  });

  it('trims surrounding whitespace', () => {
    expect(normalizeClientReference('  order-42\n')).toEqual({ ok: true, value: 'order-42' });
  });

  it('keeps inner whitespace', () => {
    expect(normalizeClientReference(' order  42 ')).toEqual({ ok: true, value: 'order  42' });
  });

  it('accepts exactly 128 characters', () => {
    const value = 'r'.repeat(128);
    expect(normalizeClientReference(value)).toEqual({ ok: true, value });
  });

  it('rejects 129 characters with a reason naming the limit and the length', () => {
    expect(normalizeClientReference('r'.repeat(129))).toEqual({
      ok: false,
      reason: 'clientReference must be at most 128 characters (got 129)',
    });
  });

  it('measures length after trimming', () => {
    const value = 'r'.repeat(128);
    expect(normalizeClientReference(`   ${value}   `)).toEqual({ ok: true, value });
  });

  it('counts code points, not UTF-16 units: 128 emoji are accepted', () => {
    const value = '\u{1F600}'.repeat(128); // 256 UTF-16 code units
    expect(value).toHaveLength(256);
    expect(normalizeClientReference(value)).toEqual({ ok: true, value });
  });

  it('counts code points, not UTF-16 units: 129 emoji are rejected', () => {
    expect(normalizeClientReference('\u{1F600}'.repeat(129))).toEqual({
      ok: false,
      reason: 'clientReference must be at most 128 characters (got 129)',
    });
  });

  it('rejects non-string input from untyped callers', () => {
    expect(normalizeClientReference(42 as unknown as string)).toEqual({
      ok: false,
      reason: 'clientReference must be a string',
    });
  });
});
