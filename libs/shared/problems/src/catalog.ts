/**
 * Every problem code of spec 7.2 with its HTTP status: the one place where a
 * code gets its status. Numeric ids are documentation only (spec 7.2); codes
 * without one are additions clients tolerate (spec 7, "codes added later").
 */
export const PROBLEM_CATALOG = {
  // General (1001-1005)
  INVALID_INPUT: { id: 1001, status: 400 },
  INVALID_OPERATION: { id: 1002, status: 422 },
  NOT_FOUND: { id: 1003, status: 404 },
  CONFLICT: { id: 1004, status: 409 },
  INTERNAL_ERROR: { id: 1005, status: 500 },
  // Authentication (1101-1108)
  UNAUTHORIZED: { id: 1101, status: 401 },
  TOKEN_EXPIRED: { id: 1102, status: 401 },
  TOKEN_REVOKED: { id: 1103, status: 401 },
  API_KEY_INVALID: { id: 1104, status: 401 },
  API_KEY_EXPIRED: { id: 1105, status: 401 },
  API_KEY_REVOKED: { id: 1106, status: 401 },
  API_KEY_DELETED: { id: 1107, status: 401 },
  INVALID_TOKEN: { id: 1108, status: 401 },
  // Authorization and session (1201-1205)
  FORBIDDEN: { id: 1201, status: 403 },
  CSRF_HEADER_REQUIRED: { id: 1202, status: 403 },
  STEP_UP_REQUIRED: { id: 1203, status: 403 },
  SESSION_INVALID: { id: 1204, status: 401 },
  SESSION_IDLE_TIMEOUT: { id: 1205, status: 401 },
  // Validation (1301-1304)
  INVALID_JSON: { id: 1301, status: 400 },
  VALIDATION_FAILED: { id: 1302, status: 400 },
  BODY_REQUIRED: { id: 1303, status: 400 },
  INVALID_REQUEST: { id: 1304, status: 400 },
  // Account and user state (1401-1406)
  USER_NOT_FOUND: { id: 1401, status: 404 },
  USER_INACTIVE: { id: 1402, status: 401 },
  ACCOUNT_LOCKED: { id: 1403, status: 403 },
  ACCOUNT_INACTIVE: { id: 1404, status: 403 },
  STAFF_NOT_FOUND: { id: 1405, status: 404 },
  STAFF_INACTIVE: { id: 1406, status: 403 },
  // MFA (1411-1418)
  MFA_REQUIRED: { id: 1411, status: 401 },
  MFA_CHALLENGE_INVALID: { id: 1412, status: 401 },
  MFA_ALREADY_ENABLED: { id: 1413, status: 409 },
  MFA_NOT_ENABLED: { id: 1414, status: 409 },
  MFA_ENROLLMENT_REQUIRED: { id: 1415, status: 401 },
  STEP_UP_FACTOR_REQUIRED: { id: 1416, status: 403 },
  MFA_REQUIRED_BY_ACCOUNT: { id: 1417, status: 409 },
  WEBAUTHN_VERIFICATION_FAILED: { id: 1418, status: 400 },
  // Security challenges (1501-1502)
  CAPTCHA_FAILED: { id: 1501, status: 400 },
  IP_THROTTLED: { id: 1502, status: 429 },
  // Token, OTP, step-up (1601-1607)
  RATE_LIMITED: { id: 1601, status: 429 },
  INVALID_CODE: { id: 1602, status: 400 },
  LOCKED: { id: 1603, status: 429 },
  ALREADY_USED: { id: 1604, status: 409 },
  INVALID_OR_EXPIRED: { id: 1605, status: 400 },
  SUBJECT_MISMATCH: { id: 1606, status: 403 },
  ACTION_MISMATCH: { id: 1607, status: 403 },
  // Quotas and throttling (1701-1702)
  QUOTA_EXCEEDED: { id: 1701, status: 429 },
  RATE_LIMIT_EXCEEDED: { id: 1702, status: 429 },
  // Billing (1801)
  NO_ACTIVE_SUBSCRIPTION: { id: 1801, status: 402 },
  // Messaging compliance (1901)
  COMPLIANCE_REJECTED: { id: 1901, status: 422 },
  // Concurrency and persistence (2001-2002)
  CONCURRENCY_ERROR: { id: 2001, status: 409 },
  DATABASE_ERROR: { id: 2002, status: 500 },
  // Dependencies and timeouts (2101-2103)
  TIMEOUT: { id: 2101, status: 504 },
  REQUEST_CANCELLED: { id: 2102, status: 408 },
  EXTERNAL_SERVICE_ERROR: { id: 2103, status: 503 },
  // Scheduled sends, expiry (2201, 2202, 2205)
  SEND_AT_OUT_OF_RANGE: { id: 2201, status: 400 },
  EXPIRES_AT_INVALID: { id: 2202, status: 400 },
  MESSAGE_NOT_CANCELABLE: { id: 2205, status: 409 },
  // Reply options (2203, 2204)
  REPLY_OPTION_RESERVED_KEYWORD: { id: 2203, status: 400 },
  REPLY_OPTION_INVALID: { id: 2204, status: 400 },
  // Recipient consent (2301-2304)
  RECIPIENT_OPT_OUT_SCOPE_REQUIRED: { id: 2301, status: 400 },
  RECIPIENT_NOT_OPTED_OUT: { id: 2302, status: 409 },
  RECIPIENT_OPT_OUT_NOT_LIFTABLE: { id: 2303, status: 409 },
  CONSENT_IMPORT_INVALID: { id: 2304, status: 400 },
  // Additions (no numeric id in the spec)
  PAYLOAD_TOO_LARGE: { id: undefined, status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { id: undefined, status: 415 },
} as const satisfies Record<string, { id: number | undefined; status: number }>;

export type ProblemCode = keyof typeof PROBLEM_CATALOG;

/** Titles per HTTP status (spec 7.1). */
export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Validation Error',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function isProblemCode(code: string): code is ProblemCode {
  return Object.prototype.hasOwnProperty.call(PROBLEM_CATALOG, code);
}

export function statusOf(code: ProblemCode): number {
  return PROBLEM_CATALOG[code].status;
}

/** `QUOTA_EXCEEDED` -> `quota-exceeded`, the last path segment of `type`. */
export function problemSlug(code: ProblemCode): string {
  return code.toLowerCase().replace(/_/g, '-');
}
