import { DomainError } from '@mp/problems';
import { parseRegisterInput } from './register-input';

function fieldErrors(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('VALIDATION_FAILED');
    return (error as DomainError).extensions.errors ?? {};
  }
  throw new Error('expected VALIDATION_FAILED');
}

describe('parseRegisterInput', () => {
  const ok = { email: 'Ada@Example.COM ', password: 'long enough', organizationName: '  Analytical Engines ' };

  it('normalises the email and the organization name', () => {
    expect(parseRegisterInput(ok)).toEqual({ email: 'ada@example.com', password: 'long enough', organizationName: 'Analytical Engines' });
  });

  it('keeps the password exactly as typed', () => {
    expect(parseRegisterInput({ ...ok, password: ' padded pw ' }).password).toBe(' padded pw ');
  });

  it('names every bad field at once', () => {
    expect(Object.keys(fieldErrors(() => parseRegisterInput({})))).toEqual(['email', 'password', 'organizationName']);
  });

  it.each([
    'no-at-sign',
    'two@@example.com',
    'a b@example.com',
    'ada@localhost',
    'ada@example..com',
    `${'a'.repeat(250)}@x.io`,
    'user@good-corp.com(x)evil.com',
    '"ada lovelace"@example.com',
    'ada@bücher.example',
    'ada@example.com.',
  ])('refuses the email %s', (email) => {
    expect(fieldErrors(() => parseRegisterInput({ ...ok, email }))).toEqual({ email: [expect.stringMatching(/^must be a valid email address: it /)] });
  });

  it('enforces 8 to 256 characters of password', () => {
    expect(fieldErrors(() => parseRegisterInput({ ...ok, password: '1234567' }))).toHaveProperty('password');
    expect(parseRegisterInput({ ...ok, password: '12345678' }).password).toBe('12345678');
    expect(parseRegisterInput({ ...ok, password: 'x'.repeat(256) }).password).toHaveLength(256);
    expect(fieldErrors(() => parseRegisterInput({ ...ok, password: 'x'.repeat(257) }))).toHaveProperty('password');
  });

  it('enforces 1 to 200 characters of organization name', () => {
    expect(fieldErrors(() => parseRegisterInput({ ...ok, organizationName: '   ' }))).toEqual({ organizationName: ['is required'] });
    expect(parseRegisterInput({ ...ok, organizationName: 'o'.repeat(200) }).organizationName).toHaveLength(200);
    expect(fieldErrors(() => parseRegisterInput({ ...ok, organizationName: 'o'.repeat(201) }))).toHaveProperty('organizationName');
  });
});
