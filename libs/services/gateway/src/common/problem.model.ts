/** Problem details (spec 2.8), media type application/problem+json. */
export interface Problem {
  /** URI naming the kind of problem; its last segment is the code in kebab case. */
  type: string;
  title: string;
  status: number;
  /** Stable code to branch on (spec 7.2); clients tolerate codes added later. */
  code: string;
  /** Correlates with logs and support requests; also in header X-Trace-Id. */
  traceId: string;
  detail?: string;
  /** The request path. */
  instance?: string;
  /** Field name to messages, for VALIDATION_FAILED. */
  errors?: { [field: string]: string[] };
  retryAfterSeconds?: number;
  /** ACCOUNT_LOCKED: when sign-in opens again. */
  lockedUntil?: string;
  dailyRemaining?: number | null;
  monthlyRemaining?: number | null;
  attemptsRemaining?: number;
  authScheme?: string;
  mfaToken?: string;
  mfaTokenExpiresAt?: string;
  mfaMethods?: string[];
  enrollmentToken?: string;
  enrollmentTokenExpiresAt?: string;
  action?: string;
  reason?: string;
  accountId?: string;
}
