import { ValidationService } from '@tsoa/runtime';

type FieldErrors = Parameters<ValidationService['validateString']>[2];
type StringValidator = NonNullable<Parameters<ValidationService['validateString']>[3]>;

const PATCHED = '__mpCountsCodePoints';

const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

/**
 * The published `minLength`/`maxLength` count characters (Unicode code
 * points), as JSON Schema, ajv, every generated client and the services do;
 * tsoa's validator counts UTF-16 units, so 128 emoji would break a published
 * limit of 128. tsoa's string check is made to count code points (same
 * messages), so the limit the document publishes is exactly the one enforced.
 * Idempotent; called once before the routes are registered.
 */
export function countStringLengthsInCodePoints(): void {
  const prototype = ValidationService.prototype as ValidationService & { [PATCHED]?: true };
  if (prototype[PATCHED]) return;
  const validateString = prototype.validateString;
  prototype.validateString = function (
    this: ValidationService,
    name: string,
    value: unknown,
    fieldErrors: FieldErrors,
    validators?: StringValidator,
    parent = '',
  ): string | undefined {
    if (typeof value !== 'string' || !validators || (validators.minLength === undefined && validators.maxLength === undefined)) {
      return validateString.call(this, name, value, fieldErrors, validators, parent);
    }
    const { minLength, maxLength, ...others } = validators;
    const length = codePoints(value);
    if (minLength?.value !== undefined && length < minLength.value) {
      fieldErrors[parent + name] = { message: minLength.errorMsg || `minLength ${minLength.value}`, value };
      return undefined;
    }
    if (maxLength?.value !== undefined && length > maxLength.value) {
      fieldErrors[parent + name] = { message: maxLength.errorMsg || `maxLength ${maxLength.value}`, value };
      return undefined;
    }
    return validateString.call(this, name, value, fieldErrors, others, parent);
  };
  prototype[PATCHED] = true;
}
