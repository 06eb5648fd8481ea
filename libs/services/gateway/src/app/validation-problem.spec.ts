import { ValidateError } from '@tsoa/runtime';
import { validationProblem } from './validation-problem';

// tsoa's own messages, as its validator writes them for a failed union.
const union = (branches: Array<Record<string, { message: string; value?: unknown }>>) =>
  `Could not match the union against any of the items. Issues: ${JSON.stringify(branches)}`;
const fieldsOf = (fields: Record<string, { message: string; value?: unknown }>) => validationProblem(new ValidateError(fields, ''), false).extensions.errors;

describe('tsoa field errors as VALIDATION_FAILED', () => {
  it('a nullable string over its limit says the limit, not "must be one of null"', () => {
    const long = 'a'.repeat(129);
    const message = union([{ 'body.clientReference': { message: 'maxLength 128', value: long } }, { 'body.clientReference': { message: "should be one of the following; ['null']", value: long } }]);
    expect(fieldsOf({ 'body.clientReference': { message, value: long } })).toEqual({ clientReference: ['must be at most 128 characters'] });
  });

  it('a union of literals still lists what is allowed', () => {
    const message = union([{ 'body.channelType': { message: "should be one of the following; ['Sms']" } }, { 'body.channelType': { message: "should be one of the following; ['Email']" } }]);
    expect(fieldsOf({ 'body.channelType': { message, value: 'Fax' } })).toEqual({ channelType: ['must be one of Sms, Email'] });
  });
});
