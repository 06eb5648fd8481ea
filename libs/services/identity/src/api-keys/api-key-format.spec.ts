import { displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key-format';

describe('API key format', () => {
  it('is mpk_ followed by 32 base62 characters', () => {
    for (let i = 0; i < 200; i++) expect(generateApiKey()).toMatch(/^mpk_[0-9A-Za-z]{32}$/);
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
  });

  it('uses the whole base62 alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, generateApiKey).join('').slice(4));
    expect(seen.size).toBeGreaterThanOrEqual(62);
  });

  it('recognises well-formed keys only', () => {
    expect(isWellFormedApiKey(generateApiKey())).toBe(true);
    expect(isWellFormedApiKey('mpk_' + 'a'.repeat(31))).toBe(false);
    expect(isWellFormedApiKey('mpk_' + 'a'.repeat(33))).toBe(false);
    expect(isWellFormedApiKey('mpk_' + 'a'.repeat(31) + '-')).toBe(false);
    expect(isWellFormedApiKey('sk_' + 'a'.repeat(33))).toBe(false);
    expect(isWellFormedApiKey(`mpk_${'a'.repeat(32)}\n`)).toBe(false);
  });

  it('hashes with SHA-256 hex and shows an 8-character prefix', () => {
    // FIPS 180-2 test vector
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashApiKey('mpk_abc')).not.toBe(hashApiKey('mpk_abd'));
    expect(displayPrefix('mpk_Ab3dEFGH')).toBe('mpk_Ab3d');
  });
});
