import { DomainError } from '@mp/problems';
import type { Express, NextFunction, Request, Response } from 'express';

/** NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair (not valid Unicode, refused by UTF-8 storage). */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MESSAGE = 'must not contain NUL or unpaired surrogate characters';
/** Enough to name every bad field a sane request has; the rest of a hostile one is not worth reporting. */
const MAX_FIELDS_NAMED = 20;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Dotted names (`templateParameters.name`, `items.0`) of the strings, keys included, that storage cannot hold. */
export function unstorableFields(value: unknown, prefix = '', found: string[] = []): string[] {
  if (found.length >= MAX_FIELDS_NAMED) return found;
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push(prefix || 'body');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableFields(item, prefix ? `${prefix}.${i}` : String(i), found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A bad key is named by its parent: the key itself cannot be echoed safely.
      if (!isStorableText(key)) found.push(prefix || 'body');
      else unstorableFields(item, prefix ? `${prefix}.${key}` : key, found);
      if (found.length >= MAX_FIELDS_NAMED) break;
    }
  }
  return found;
}

function refuse(fields: string[]): DomainError {
  return DomainError.validation(Object.fromEntries([...new Set(fields)].map((field) => [field, [MESSAGE]])));
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

/** The same for path parameters, which express decodes only once a route matched. */
export function guardPathParameters(app: Express, names: readonly string[]): void {
  for (const name of names) {
    app.param(name, (_req, _res, next, value: unknown) => next(typeof value === 'string' && !isStorableText(value) ? refuse([name]) : undefined));
  }
}
