import type { Field } from './fields';
import { REDACTED, redactSecretText } from './secret-text';

export type ConfigSchema = Record<string, Field<unknown>>;
export type ConfigOf<S extends ConfigSchema> = { readonly [K in keyof S]: S[K] extends Field<infer T> ? T : never };
export type Env = Record<string, string | undefined>;

/** Every bad variable at once, named, so start-up fails fast with one clear message. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates configuration once. Apps call this from their config.ts only. */
export function loadConfig<S extends ConfigSchema>(schema: S, env: Env): ConfigOf<S> {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(schema)) {
    try {
      out[name] = f.parse(env[name]);
    } catch (error) {
      problems.push(`${name} ${withoutSecrets(f, env[name], (error as Error).message)}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(out) as ConfigOf<S>;
}

/**
 * A problem as start-up prints it: a secret variable's value is named only
 * with its secrets masked (a URL keeps its host, so the typo can be found),
 * and credentials in any URL are masked whatever the variable.
 */
function withoutSecrets(f: Field<unknown>, raw: string | undefined, problem: string): string {
  const value = raw?.trim();
  if (!f.secret || !value) return redactSecretText(problem);
  const shown = value.includes('://') ? redactSecretText(value) : REDACTED;
  return redactSecretText(problem.split(value).join(shown));
}

/** The configuration with secrets masked, for a start-up log line. */
export function redactConfig<S extends ConfigSchema>(schema: S, config: ConfigOf<S>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(schema)) {
    const value = (config as Record<string, unknown>)[name];
    out[name] = f.secret && value !== undefined ? '***' : value;
  }
  return out;
}
