import { type ProblemCode, statusOf } from './catalog';

/** Optional members of a problem body (spec 2.8) besides the required ones. */
export interface ProblemExtensions {
  errors?: Record<string, string[]>;
  retryAfterSeconds?: number;
  /** ACCOUNT_LOCKED: when sign-in opens again (ISO 8601). */
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
  externalEmail?: string;
  paymentIntentId?: string;
  action?: string;
  reason?: string;
  accountId?: string;
  compatibleProviders?: unknown[];
}

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
