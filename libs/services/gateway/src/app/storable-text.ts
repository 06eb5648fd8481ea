import { DomainError, echo } from '@mp/problems';
import type { Express, NextFunction, Request, Response } from 'express';

/** NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair (not valid Unicode, refused by UTF-8 storage). */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MESSAGE = 'must not contain NUL or unpaired surrogate characters';
/** Enough to name every bad field a sane request has; the rest of a hostile one is not worth reporting. */
const MAX_FIELDS_NAMED = 20;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** No published request nests this deep; deeper JSON is refused before anything walks it recursively. */
export const MAX_NESTING = 32;
const TOO_DEEP = `is nested more than ${MAX_NESTING} levels deep`;

/**
 * Each field (dotted name, `templateParameters.name`, `items.0`) holding a
 * string or key storage cannot hold, or nested too deep, with the reason.
 * Walked with an explicit stack: a hostile body may nest thousands deep.
 */
export function unstorableFields(root: unknown): Array<[field: string, message: string]> {
  const found: Array<[string, string]> = [];
  const stack: Array<[value: unknown, field: string, depth: number]> = [[root, '', 0]];
  while (stack.length > 0 && found.length < MAX_FIELDS_NAMED) {
    const [value, field, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push([field || 'body', MESSAGE]);
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_NESTING) {
        found.push([field || 'body', TOO_DEEP]);
        continue;
      }
      for (const [key, item] of Object.entries(value)) {
        // A bad key is named by its parent: the key itself cannot be repeated safely.
        if (!isStorableText(key)) found.push([field || 'body', MESSAGE]);
        else stack.push([item, field ? `${field}.${key}` : key, depth + 1]);
      }
    }
  }
  return found;
}

function refuse(fields: Array<[string, string]>): DomainError {
  const errors: Record<string, string[]> = {};
  for (const [rawField, message] of fields) {
    const field = echo(rawField, 128); // the client's own key names: repeated only in part
    if (!errors[field]?.includes(message)) (errors[field] ??= []).push(message);
  }
  return DomainError.validation(errors);
}

/**
 * Refuses, before any service is called, a JSON body or query value that
 * storage cannot hold: 400 VALIDATION_FAILED naming each field instead of a
 * database error (500) deep in a service.
 */
export function storableTextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const fields = [...(Buffer.isBuffer(req.body) ? [] : unstorableFields(req.body)), ...unstorableFields(req.query)];
  next(fields.length > 0 ? refuse(fields) : undefined);
}

/**
 * The same for path parameters (`/v1/accounts/{accountId}`, from the published
 * paths): a segment that is not UTF-8 once percent-decoded (express would
 * answer 500) or decodes to text storage cannot hold is 400 naming the parameter.
 */
export function guardPathParameters(app: Express, paths: readonly string[]): void {
  const templates = paths.map((path) => path.split('/'));
  app.use((req, _res, next) => {
    const segments = req.path.split('/');
    const bad = segments.findIndex((segment) => !decodes(segment));
    if (bad < 0) return next();
    const template = templates.find((t) => t.length === segments.length && t.every((part, i) => part.startsWith('{') || part === segments[i]));
    next(refuse([[/^\{(\w+)\}$/.exec(template?.[bad] ?? '')?.[1] ?? 'path', MESSAGE]]));
  });
}

function decodes(segment: string): boolean {
  try {
    return isStorableText(decodeURIComponent(segment));
  } catch {
    return false;
  }
}
