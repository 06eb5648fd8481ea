import { AttemptLimitedTokenStore, type AttemptLimitedTokenRow } from '../shared/attempt-limited-token.store';

export const MFA_ENROLLMENT_TOKENS = 'mfa_enrollment_tokens';

export type EnrollmentTokenRow = AttemptLimitedTokenRow;

/** Enrollment tokens of MFA_ENROLLMENT_REQUIRED. */
export const enrollmentTokens = new AttemptLimitedTokenStore(MFA_ENROLLMENT_TOKENS);
