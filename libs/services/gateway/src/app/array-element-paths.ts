import { ValidationService } from '@tsoa/runtime';

const PATCHED = '__mpNamesArrayElementsByPath';

/**
 * tsoa's validator names an array element by the array's own name only
 * (`aliases.$0` for `replyOptions[0].aliases[0]`: it drops the parent path),
 * so a problem would name a field the client never wrote, and rules keyed on
 * the field (reply options' REPLY_OPTION_INVALID) would not see it. The array
 * is validated under its full path instead. Idempotent; called once before the
 * routes are registered.
 */
export function nameArrayElementsByTheirPath(): void {
  const prototype = ValidationService.prototype as ValidationService & { [PATCHED]?: true };
  if (prototype[PATCHED]) return;
  const validateArray = prototype.validateArray;
  prototype.validateArray = function (this: ValidationService, name, value, fieldErrors, isBodyParam, schema, validators, parent = '') {
    return validateArray.call(this, parent + name, value, fieldErrors, isBodyParam, schema, validators, '');
  };
  prototype[PATCHED] = true;
}
