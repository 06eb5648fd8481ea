import { ValidationService } from '@tsoa/runtime';
import { nameArrayElementsByTheirPath } from './array-element-paths';

// An element of a nested array is named by its whole path, as the client wrote it.
describe("tsoa's array elements, named by their path", () => {
  beforeAll(() => nameArrayElementsByTheirPath());

  const validate = (value: string[]) => {
    const errors: Record<string, { message: string }> = {};
    const service = new ValidationService({}, { noImplicitAdditionalProperties: 'throw-on-extras', bodyCoercion: true });
    const result = service.validateArray('aliases', value, errors, true, { dataType: 'string', validators: { maxLength: { value: 3 } } }, { maxItems: { value: 2 } }, 'body.replyOptions.$0.');
    return { result, errors };
  };

  it('an element that breaks its schema is named under its parent', () => {
    expect(Object.keys(validate(['ok', 'toolong']).errors)).toEqual(['body.replyOptions.$0.aliases.$1']);
  });

  it('the array itself keeps its path, and a good array passes', () => {
    expect(Object.keys(validate(['a', 'b', 'c']).errors)).toEqual(['body.replyOptions.$0.aliases']);
    expect(validate(['a', 'b'])).toEqual({ result: ['a', 'b'], errors: {} });
  });
});
