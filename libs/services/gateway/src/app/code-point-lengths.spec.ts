import { ValidationService } from '@tsoa/runtime';
import { countStringLengthsInCodePoints } from './code-point-lengths';

// The published maxLength counts characters (code points), as JSON Schema does; tsoa counted UTF-16 units.
describe("tsoa's string lengths, counted in characters", () => {
  beforeAll(() => countStringLengthsInCodePoints());

  const check = (value: string, validators: Record<string, { value: number }>) => {
    const errors: Record<string, { message: string }> = {};
    const result = new ValidationService({}, { noImplicitAdditionalProperties: 'throw-on-extras', bodyCoercion: true }).validateString('name', value, errors, validators, 'body.');
    return { result, errors };
  };
  const emoji = (n: number) => '\u{1F600}'.repeat(n);

  it('takes maxLength characters outside the Basic Multilingual Plane (twice as many UTF-16 units)', () => {
    expect(check(emoji(4), { maxLength: { value: 4 } })).toEqual({ result: emoji(4), errors: {} });
  });

  it('refuses one character more with the message tsoa gives', () => {
    expect(check(emoji(5), { maxLength: { value: 4 } }).errors).toEqual({ 'body.name': { message: 'maxLength 4', value: emoji(5) } });
  });

  it('counts minLength in characters too, and keeps the other checks', () => {
    expect(check(emoji(1), { minLength: { value: 2 } }).errors).toEqual({ 'body.name': { message: 'minLength 2', value: emoji(1) } });
    expect(check('abc', { maxLength: { value: 4 }, pattern: { value: '^[0-9]+$' } as never }).errors['body.name'].message).toMatch(/Not match/);
  });
});
