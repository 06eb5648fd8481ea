import { DomainError } from '@mp/problems';

export const PASSKEY_NAME_MAX = 100;

/** A passkey's label as the user typed it: trimmed, 1 to 100 characters. */
export function parsePasskeyName(value: string | undefined, fallback?: string): string {
  const name = (value ?? '').trim();
  if (name === '' && fallback !== undefined) return fallback;
  if (name === '') throw DomainError.validation({ name: ['is required'] });
  if ([...name].length > PASSKEY_NAME_MAX) throw DomainError.validation({ name: [`must be at most ${PASSKEY_NAME_MAX} characters`] });
  return name;
}
