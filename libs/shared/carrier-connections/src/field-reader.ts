import { Refusal, type Check } from './field-checks';

/**
 * Reads one connection's fields, noting every problem under its path
 * (`CARRIER_CONNECTIONS[1].port: ...`) rather than stopping at the first, and
 * every field it was asked about, so the rest can be refused as unknown.
 * `null` counts as absent (YAML's `systemType:` with nothing after it).
 */
export class FieldReader {
  private readonly asked = new Set<string>();

  constructor(
    private readonly fields: Readonly<Record<string, unknown>>,
    readonly path: string,
    private readonly problems: string[],
  ) {}

  refuse(field: string, message: string): void {
    this.problems.push(`${this.path}.${field}: ${message}`);
  }

  has(field: string): boolean {
    this.asked.add(field);
    return Object.hasOwn(this.fields, field) && this.fields[field] !== null && this.fields[field] !== undefined;
  }

  /** The field's value, or undefined when it is absent or refused. */
  maybe<T>(field: string, check: Check<T>): T | undefined {
    if (!this.has(field)) return undefined;
    const result = check(this.fields[field]);
    if (result instanceof Refusal) {
      this.refuse(field, result.message);
      return undefined;
    }
    return result;
  }

  required<T>(field: string, check: Check<T>): T {
    if (!this.has(field)) this.refuse(field, 'is required');
    // Undefined only with a problem noted, and then the connection is never built.
    return this.maybe(field, check) as T;
  }

  optional<T>(field: string, check: Check<T>, fallback: T): T {
    return this.maybe(field, check) ?? fallback;
  }

  /** Refuses every field no reader asked about; its value is not printed (it may be a misspelt secret). */
  refuseUnknown(what: string): void {
    for (const field of Object.keys(this.fields)) if (!this.asked.has(field)) this.refuse(field, `is not a field of ${what}`);
  }
}
