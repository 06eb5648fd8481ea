import { type ProblemCode, statusOf } from './catalog';

/**
 * Optional members of a problem body (spec 2.8) besides the required ones:
 * the one model the gateway's OpenAPI schema is generated from (its JSDoc
 * tags become the published formats), so add an extension here only.
 */
export interface ProblemExtensions {
  /** VALIDATION_FAILED: each field the request named wrongly, with its messages. */
  errors?: { [field: string]: string[] };
  /** @isInt */
  retryAfterSeconds?: number;
  /**
   * ACCOUNT_LOCKED: when sign-in opens again.
   * @format date-time
   */
  lockedUntil?: string;
  /** @isInt */
  dailyRemaining?: number | null;
  /** @isInt */
  monthlyRemaining?: number | null;
  /** @isInt */
  attemptsRemaining?: number;
  authScheme?: string;
  mfaToken?: string;
  /** @format date-time */
  mfaTokenExpiresAt?: string;
  mfaMethods?: string[];
  enrollmentToken?: string;
  /** @format date-time */
  enrollmentTokenExpiresAt?: string;
  /**
   * External sign-in refused: the address the id token carried.
   * @format email
   */
  externalEmail?: string;
  paymentIntentId?: string;
  action?: string;
  reason?: string;
  /** @format uuid */
  accountId?: string;
  compatibleProviders?: Array<{ [key: string]: unknown }>;
}

/**
 * Every extension name, at run time (the OpenAPI test compares them with the
 * published schema). Typed so that tsc fails when one is missing or unknown.
 */
const EXTENSION_FIELDS: { [K in keyof Required<ProblemExtensions>]: true } = {
  errors: true,
  retryAfterSeconds: true,
  lockedUntil: true,
  dailyRemaining: true,
  monthlyRemaining: true,
  attemptsRemaining: true,
  authScheme: true,
  mfaToken: true,
  mfaTokenExpiresAt: true,
  mfaMethods: true,
  enrollmentToken: true,
  enrollmentTokenExpiresAt: true,
  externalEmail: true,
  paymentIntentId: true,
  action: true,
  reason: true,
  accountId: true,
  compatibleProviders: true,
};
export const PROBLEM_EXTENSION_FIELDS = Object.keys(EXTENSION_FIELDS) as ReadonlyArray<keyof ProblemExtensions>;

/**
 * The one error hierarchy: every intentional failure is a DomainError carrying
 * a catalog code. Edges (HTTP middleware, gRPC server/client) map it; anything
 * else that is thrown is an internal error and its details never leave.
 */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    readonly detail?: string,
    readonly extensions: ProblemExtensions = {},
  ) {
    super(detail ?? code);
    this.name = 'DomainError';
    this.status = statusOf(code);
  }

  /**
   * A refusal that routine traffic meets on every request (an operation's other
   * credential scheme, asked by tsoa and passed over): built without a stack
   * trace, which would cost more than the check itself and tells nothing.
   */
  static expected(code: ProblemCode, detail?: string, extensions?: ProblemExtensions): DomainError {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new DomainError(code, detail, extensions);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }

  static notFound(what = 'Resource'): DomainError {
    return new DomainError('NOT_FOUND', `${what} not found.`);
  }

  /** VALIDATION_FAILED naming each bad field. */
  static validation(errors: Record<string, string[]>, detail = 'The request has invalid fields.'): DomainError {
    return new DomainError('VALIDATION_FAILED', detail, { errors });
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** Collects field errors, then throws one VALIDATION_FAILED naming all of them. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};
  add(field: string, message: string): this {
    (this.errors[field] ??= []).push(message);
    return this;
  }
  get isEmpty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.isEmpty) throw DomainError.validation(this.errors);
  }
}
