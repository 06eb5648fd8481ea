import { FieldErrors } from '@mp/problems';
import { emailAddressProblem, normaliseEmail } from './email-address';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const ORGANIZATION_NAME_MAX = 200;

export interface RegisterInput {
  email: string;
  password: string;
  organizationName: string;
}

/** Counts characters, not UTF-16 units, so an emoji is one character of a password. */
const charLength = (s: string) => [...s].length;

/**
 * The password rules of registration (also for accepting an invitation).
 * Passwords are taken as typed (no trimming): spaces can be part of one.
 */
export function checkPassword(password: string): string | undefined {
  if (password === '') return 'is required';
  if (charLength(password) < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters`;
  if (charLength(password) > PASSWORD_MAX) return `must be at most ${PASSWORD_MAX} characters`;
  return undefined;
}

/** Validates every field at once; throws VALIDATION_FAILED naming each bad one. */
export function parseRegisterInput(raw: { email?: string; password?: string; organizationName?: string }): RegisterInput {
  const errors = new FieldErrors();
  const email = normaliseEmail(raw.email ?? '');
  const password = raw.password ?? '';
  const organizationName = (raw.organizationName ?? '').trim();

  if (email === '') errors.add('email', 'is required');
  else {
    const problem = emailAddressProblem(email);
    if (problem) errors.add('email', problem);
  }

  const passwordProblem = checkPassword(password);
  if (passwordProblem) errors.add('password', passwordProblem);

  if (organizationName === '') errors.add('organizationName', 'is required');
  else if (charLength(organizationName) > ORGANIZATION_NAME_MAX)
    errors.add('organizationName', `must be at most ${ORGANIZATION_NAME_MAX} characters`);

  errors.throwIfAny();
  return { email, password, organizationName };
}
