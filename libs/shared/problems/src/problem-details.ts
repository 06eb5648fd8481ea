import { PROBLEM_CATALOG, problemSlug, STATUS_TITLES, type ProblemCode } from './catalog';
import { DomainError, type ProblemExtensions } from './domain-error';

export interface ProblemDetails extends ProblemExtensions {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  traceId: string;
  detail?: string;
  instance?: string;
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
