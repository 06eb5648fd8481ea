import { DomainError } from '@mp/problems';
import { checkEndpointFields, MAX_LABEL_LENGTH } from './endpoint-request.rules';

const policy = { allowPrivateNetworks: false };
const refusal = (fields: { label?: string }) => {
  try {
    checkEndpointFields(fields, policy);
    return undefined;
  } catch (error) {
    return (error as DomainError).extensions;
  }
};

describe('an endpoint label', () => {
  // Counted in characters (code points), as the published maxLength is: 200 emoji are 400 UTF-16 units.
  it('takes exactly MAX_LABEL_LENGTH characters, outside the Basic Multilingual Plane too', () => {
    expect(refusal({ label: '\u{1F600}'.repeat(MAX_LABEL_LENGTH) })).toBeUndefined();
  });

  it('refuses one character more, naming the field', () => {
    expect(refusal({ label: '\u{1F600}'.repeat(MAX_LABEL_LENGTH + 1) })).toMatchObject({ errors: { label: [`must be at most ${MAX_LABEL_LENGTH} characters`] } });
  });
});
