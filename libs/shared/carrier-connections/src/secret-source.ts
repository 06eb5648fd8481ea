import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Env } from '@mp/config';
import { text, type Check } from './field-checks';
import type { FieldReader } from './field-reader';

export interface SecretSources {
  /** Environment the `…Env` fields are read from. */
  readonly env: Env;
  /** Folder a relative `…File` path is resolved against (the connections file's, or the working directory). */
  readonly baseDir: string;
}

const variableName = text('must be an environment variable name (letters, digits, _)', (v) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(v));
const filePath = text('must be a file path', (v) => v.length > 0);

/**
 * A secret given inline (`password`), in a file (`passwordFile`, e.g. a
 * mounted Kubernetes Secret; one trailing line break dropped) or in a
 * variable (`passwordEnv`): exactly one source when `required`, at most one
 * otherwise. Read now, at parse time. Problems name the field and the rule,
 * never the secret's value.
 */
export function readSecret(reader: FieldReader, field: string, check: Check<string>, sources: SecretSources, required: boolean): string | undefined {
  const given = [field, `${field}File`, `${field}Env`].filter((f) => reader.has(f));
  if (given.length > 1 || (required && given.length === 0)) {
    reader.refuse(field, `give exactly one of ${field}, ${field}File, ${field}Env${given.length > 1 ? ` (got ${given.join(', ')})` : ''}`);
    return undefined;
  }
  let secret: string | undefined;
  if (given[0] === field) {
    secret = reader.maybe(field, text('must be a string'));
  } else if (given[0] === `${field}File`) {
    const path = reader.maybe(`${field}File`, filePath);
    if (path === undefined) return undefined;
    const full = isAbsolute(path) ? path : resolve(sources.baseDir, path);
    try {
      secret = readFileSync(full, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      reader.refuse(`${field}File`, `cannot read ${full} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      return undefined;
    }
  } else if (given[0] === `${field}Env`) {
    const name = reader.maybe(`${field}Env`, variableName);
    if (name === undefined) return undefined;
    secret = sources.env[name];
    if (secret === undefined) {
      reader.refuse(`${field}Env`, `variable ${name} is not set`);
      return undefined;
    }
  }
  if (secret === undefined) return undefined;
  const accepted = check(secret);
  if (typeof accepted !== 'string') {
    // Named by the field the value came from, so the operator knows where to look.
    reader.refuse(given[0], accepted.message);
    return undefined;
  }
  return accepted;
}
