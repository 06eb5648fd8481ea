import { DomainError, FieldErrors, PROBLEM_CATALOG, problemSlug, toProblemDetails } from './index';

const SPEC_CODES = `INVALID_INPUT INVALID_OPERATION NOT_FOUND CONFLICT INTERNAL_ERROR UNAUTHORIZED TOKEN_EXPIRED
TOKEN_REVOKED API_KEY_INVALID API_KEY_EXPIRED API_KEY_REVOKED API_KEY_DELETED INVALID_TOKEN FORBIDDEN
CSRF_HEADER_REQUIRED STEP_UP_REQUIRED SESSION_INVALID SESSION_IDLE_TIMEOUT INVALID_JSON VALIDATION_FAILED
BODY_REQUIRED INVALID_REQUEST USER_NOT_FOUND USER_INACTIVE ACCOUNT_LOCKED ACCOUNT_INACTIVE STAFF_NOT_FOUND
STAFF_INACTIVE MFA_REQUIRED MFA_CHALLENGE_INVALID MFA_ALREADY_ENABLED MFA_NOT_ENABLED MFA_ENROLLMENT_REQUIRED
STEP_UP_FACTOR_REQUIRED MFA_REQUIRED_BY_ACCOUNT WEBAUTHN_VERIFICATION_FAILED CAPTCHA_FAILED IP_THROTTLED
RATE_LIMITED INVALID_CODE LOCKED ALREADY_USED INVALID_OR_EXPIRED SUBJECT_MISMATCH ACTION_MISMATCH QUOTA_EXCEEDED
RATE_LIMIT_EXCEEDED NO_ACTIVE_SUBSCRIPTION COMPLIANCE_REJECTED CONCURRENCY_ERROR DATABASE_ERROR TIMEOUT
REQUEST_CANCELLED EXTERNAL_SERVICE_ERROR SEND_AT_OUT_OF_RANGE EXPIRES_AT_INVALID MESSAGE_NOT_CANCELABLE
REPLY_OPTION_RESERVED_KEYWORD REPLY_OPTION_INVALID RECIPIENT_OPT_OUT_SCOPE_REQUIRED RECIPIENT_NOT_OPTED_OUT
RECIPIENT_OPT_OUT_NOT_LIFTABLE CONSENT_IMPORT_INVALID`.split(/\s+/);

describe('problem catalog', () => {
  it('has every code of spec 7.2', () => {
    expect(SPEC_CODES).toHaveLength(63);
    for (const code of SPEC_CODES) expect(PROBLEM_CATALOG).toHaveProperty(code);
  });

  it.each([
    ['SEND_AT_OUT_OF_RANGE', 400],
    ['EXPIRES_AT_INVALID', 400],
    ['MESSAGE_NOT_CANCELABLE', 409],
    ['REPLY_OPTION_RESERVED_KEYWORD', 400],
    ['NO_ACTIVE_SUBSCRIPTION', 402],
    ['QUOTA_EXCEEDED', 429],
    ['RATE_LIMIT_EXCEEDED', 429],
    ['RECIPIENT_NOT_OPTED_OUT', 409],
    ['RECIPIENT_OPT_OUT_NOT_LIFTABLE', 409],
    ['INVALID_CODE', 400],
    ['LOCKED', 429],
    ['MFA_NOT_ENABLED', 409],
    ['STEP_UP_FACTOR_REQUIRED', 403],
    ['MFA_ENROLLMENT_REQUIRED', 401],
    ['MFA_REQUIRED', 401],
    ['MFA_REQUIRED_BY_ACCOUNT', 409],
    ['ACCOUNT_INACTIVE', 403],
    ['TOKEN_REVOKED', 401],
    ['INVALID_OPERATION', 422],
  ] as const)('%s answers %i (spec 7.3, DECISIONS)', (code, status) => {
    expect(PROBLEM_CATALOG[code].status).toBe(status);
  });

  it('derives the type slug from the code', () => {
    expect(problemSlug('QUOTA_EXCEEDED')).toBe('quota-exceeded');
  });
});

describe('toProblemDetails', () => {
  const ctx = { baseUrl: 'https://api.test', instance: '/v1/x', traceId: 't1' };

  it('renders a domain error with its extensions', () => {
    const body = toProblemDetails(
      new DomainError('QUOTA_EXCEEDED', 'Daily quota used up.', { dailyRemaining: 0, monthlyRemaining: 5, retryAfterSeconds: 60 }),
      ctx,
    );
    expect(body).toEqual({
      type: 'https://api.test/problems/quota-exceeded',
      title: 'Too Many Requests',
      status: 429,
      code: 'QUOTA_EXCEEDED',
      traceId: 't1',
      detail: 'Daily quota used up.',
      instance: '/v1/x',
      dailyRemaining: 0,
      monthlyRemaining: 5,
      retryAfterSeconds: 60,
    });
  });

  it('never leaks an unexpected error', () => {
    const body = toProblemDetails(new Error('relation "users" does not exist at Parser.parse'), ctx);
    expect(body.status).toBe(500);
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toMatch(/relation|Parser/);
  });

  it('FieldErrors throws one VALIDATION_FAILED naming every field', () => {
    const errors = new FieldErrors().add('to', 'must be E.164').add('body', 'is required');
    expect(() => errors.throwIfAny()).toThrow(DomainError);
    try {
      errors.throwIfAny();
    } catch (e) {
      expect((e as DomainError).extensions.errors).toEqual({ to: ['must be E.164'], body: ['is required'] });
    }
  });

  it('an expected refusal renders like any domain error, without a stack trace, and leaves the stack limit alone', () => {
    const limit = Error.stackTraceLimit;
    const error = DomainError.expected('UNAUTHORIZED', 'This operation does not accept Bearer credentials.', { authScheme: 'ApiKey' });
    expect(error).toBeInstanceOf(DomainError);
    expect(toProblemDetails(error, ctx)).toEqual(toProblemDetails(new DomainError('UNAUTHORIZED', error.detail, { authScheme: 'ApiKey' }), ctx));
    expect(error.stack).not.toMatch(/\n\s+at /);
    expect(new DomainError('UNAUTHORIZED').stack).toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
