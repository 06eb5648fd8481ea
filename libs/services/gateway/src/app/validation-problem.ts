import { DomainError, echo } from '@mp/problems';
import type { ValidateError } from '@tsoa/runtime';

const EXCESS = /^"(.+)" is an excess property/;

/**
 * tsoa's field errors as VALIDATION_FAILED naming each field the way the
 * client wrote it (`to`, `templateParameters.name`, `pageSize`), or
 * BODY_REQUIRED when a required body was not sent at all.
 */
export function validationProblem(error: ValidateError, bodyMissing: boolean): DomainError {
  const errors: Record<string, string[]> = {};
  for (const [rawField, { message }] of Object.entries(error.fields)) {
    if (bodyMissing && (rawField === 'body' || rawField.startsWith('body'))) {
      return new DomainError('BODY_REQUIRED', 'A JSON body is required.');
    }
    let field = rawField.replace(/^body\.?/, '').replace(/^\$\.?/, '');
    let text = message;
    const excess = EXCESS.exec(message);
    if (excess) {
      for (const name of excess[1].split(',').map((s) => s.trim())) {
        // tsoa names the excess property in the key already (`body.extra`) or only in the message.
        // Unknown names are the client's text: repeated only in part.
        const full = field === name || field.endsWith(`.${name}`) || !field ? field || name : `${field}.${name}`;
        (errors[echo(full, 128)] ??= []).push('is not a known field');
      }
      continue;
    }
    if (field === '') field = 'body';
    field = field.replace(/\.\$(\d+)/g, '.$1');
    text = readableMessage(text);
    (errors[field] ??= []).push(text);
  }
  return replyOptionProblem(errors) ?? DomainError.validation(errors);
}

/**
 * Reply options that fail even the published bounds (a number for a key, 200
 * options) are refused with the code every other bad option set gets (spec
 * 4.4: REPLY_OPTION_INVALID for anything but a reserved word), not as a
 * generic validation failure.
 */
function replyOptionProblem(errors: Record<string, string[]>): DomainError | undefined {
  const fields = Object.keys(errors);
  if (fields.length === 0 || !fields.every((f) => f === 'replyOptions' || f.startsWith('replyOptions.'))) return undefined;
  const reasons = fields.map((f) => `${f} ${errors[f].join('; ')}`);
  return new DomainError('REPLY_OPTION_INVALID', `The reply options are invalid: ${reasons.join('. ')}.`, { errors });
}

const LITERALS = /one of the following; \[/;

/** What each branch of a failed union said (tsoa writes them as JSON after "Issues: "). */
function unionBranchMessages(message: string): string[] {
  try {
    const branches = JSON.parse(message.slice(message.indexOf('Issues: ') + 'Issues: '.length)) as Array<Record<string, { message?: string }>>;
    return branches.flatMap((branch) => Object.values(branch).map((error) => error.message ?? ''));
  } catch {
    return [];
  }
}

/** tsoa explains a failed union of literals by listing each branch; say it as one list. */
function readableMessage(message: string): string {
  if (message.startsWith('Could not match the union')) {
    // A nullable field (`string | null`): the one branch that is not the null literal says what is
    // wrong with the value (`maxLength 128`), not "must be one of null".
    const specific = unionBranchMessages(message).filter((text) => !LITERALS.test(text));
    const onlyNull = unionBranchMessages(message).every((text) => !LITERALS.test(text) || /\[\s*'?null'?\s*\]/.test(text));
    if (specific.length === 1 && onlyNull) return readableMessage(specific[0]);
    const allowed = [...message.matchAll(/one of the following; \[([^\]]*)\]/g)].flatMap((m) =>
      m[1].split(',').map((v) => v.trim().replace(/^'|'$/g, '')),
    );
    if (allowed.length > 0) return `must be one of ${[...new Set(allowed)].join(', ')}`;
    return 'has an invalid value';
  }
  const maxLength = /^maxLength (\d+)$/.exec(message);
  if (maxLength) return `must be at most ${maxLength[1]} characters`;
  const maxItems = /^maxItems (\d+)$/.exec(message);
  if (maxItems) return `must have at most ${maxItems[1]} items`;
  const bound = /^(min|max) (-?\d+(?:\.\d+)?)$/.exec(message);
  if (bound) return `must be ${bound[1] === 'min' ? 'at least' : 'at most'} ${bound[2]}`;
  return message.replace(/^'[^']*' /, '');
}
