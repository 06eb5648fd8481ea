import { echo, MAX_ECHO_CHARS } from './echo';

describe('echo', () => {
  it('keeps a short value as it is', () => {
    expect(echo('google')).toBe('google');
  });

  it('cuts a long value to the limit, marked with an ellipsis', () => {
    const cut = echo('p'.repeat(100_000));
    expect(cut).toHaveLength(MAX_ECHO_CHARS);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never leaves half of a surrogate pair', () => {
    for (let shift = 0; shift < 3; shift++) {
      const cut = echo('a'.repeat(shift) + '😀'.repeat(100), 10);
      expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      expect(cut.length).toBeLessThanOrEqual(10);
    }
  });
});
