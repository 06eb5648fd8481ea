import { PROBLEM_CATALOG, problemSlug, STATUS_TITLES, type ProblemCode } from './catalog';
import { DomainError, type ProblemExtensions } from './domain-error';

/**
 * Problem details (spec 2.8), media type application/problem+json: the body
 * of every error response, as published in the OpenAPI document.
 */
export interface Problem extends ProblemExtensions {
  /** URI naming the kind of problem; its last segment is the code in kebab case. */
  type: string;
  title: string;
  /** @isInt */
  status: number;
  /** Stable code to branch on (spec 7.2); clients tolerate codes added later. */
  code: string;
  /** Correlates with logs and support requests; also in header X-Trace-Id. */
  traceId: string;
  detail?: string;
  /** The request path. */
  instance?: string;
}

/** The members every problem has besides its extensions. */
export const PROBLEM_BASE_FIELDS = ['type', 'title', 'status', 'code', 'traceId', 'detail', 'instance'] as const satisfies ReadonlyArray<
  Exclude<keyof Problem, keyof ProblemExtensions>
>;

/** A problem as the platform builds it: its code is one of the catalog's. */
export interface ProblemDetails extends Problem {
  code: ProblemCode;
}

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/**
 * Body of every error response (spec 2.8, DECISIONS "Errors"). A non-domain
 * error becomes INTERNAL_ERROR with a generic detail: no stack, SQL or message.
 */
export function toProblemDetails(
  error: unknown,
  context: { baseUrl: string; instance?: string; traceId: string },
): ProblemDetails {
  const domain = error instanceof DomainError ? error : new DomainError('INTERNAL_ERROR', 'An unexpected error occurred.');
  const code = domain.code;
  const status = PROBLEM_CATALOG[code].status;
  const body: ProblemDetails = {
    type: `${context.baseUrl}/problems/${problemSlug(code)}`,
    title: STATUS_TITLES[status] ?? 'Error',
    status,
    code,
    traceId: context.traceId,
  };
  if (domain.detail !== undefined) body.detail = domain.detail;
  if (context.instance !== undefined) body.instance = context.instance;
  for (const [key, value] of Object.entries(domain.extensions)) {
    if (value !== undefined) (body as unknown as Record<string, unknown>)[key] = value;
  }
  return body;
}
