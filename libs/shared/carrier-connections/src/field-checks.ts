/** A check answers the value it accepts, or a `Refusal` saying what the value must be (never echoing it). */
export class Refusal {
  constructor(readonly message: string) {}
}
export type Check<T> = (value: unknown) => T | Refusal;

export const text =
  (rule: string, accept: (value: string) => boolean = () => true): Check<string> =>
  (value) =>
    typeof value === 'string' && accept(value) ? value : new Refusal(typeof value === 'string' || rule.startsWith('must be a string') ? rule : `must be a string: ${rule.replace(/^must be /, '')}`);

export const integer =
  (min: number, max?: number): Check<number> =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && (max === undefined || value <= max)
      ? value
      : new Refusal(max === undefined ? `must be an integer ${min} or more` : `must be an integer ${min}-${max}`);

/** A positive number; `max` keeps timers below Node's 2^31 ms limit, past which they fire at once. */
export const positive =
  (max: number, unit = ''): Check<number> =>
  (value) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= max
      ? value
      : new Refusal(`must be a number${unit} greater than 0 and at most ${max}`);

export const boolean: Check<boolean> = (value) => (typeof value === 'boolean' ? value : new Refusal('must be true or false'));

export const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (value) =>
    (values as readonly unknown[]).includes(value) ? (value as T) : new Refusal(`must be one of: ${values.join(', ')}`);

/** SMPP C-Octet Strings: printable ASCII, at most `max` characters (the spec's size less the NUL). */
export const smppString = (min: number, max: number, why = ''): Check<string> =>
  text(
    min > 0 ? `must be ${min}-${max} printable ASCII characters${why}` : `must be at most ${max} printable ASCII characters${why}`,
    (v) => v.length >= min && v.length <= max && /^[\x20-\x7e]*$/.test(v),
  );
