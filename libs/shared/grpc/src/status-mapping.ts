import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { DomainError, echo, isDatabaseUnavailable, isProblemCode, PROBLEM_CATALOG, type ProblemExtensions } from '@mp/problems';

/** Metadata key carrying a domain error across the wire (binary: details may be non-ASCII). */
export const PROBLEM_METADATA_KEY = 'x-problem-bin';

const GRPC_STATUS_BY_HTTP: Record<number, status> = {
  400: status.INVALID_ARGUMENT,
  401: status.UNAUTHENTICATED,
  402: status.FAILED_PRECONDITION,
  403: status.PERMISSION_DENIED,
  404: status.NOT_FOUND,
  408: status.CANCELLED,
  409: status.ABORTED,
  413: status.INVALID_ARGUMENT,
  415: status.INVALID_ARGUMENT,
  422: status.FAILED_PRECONDITION,
  429: status.RESOURCE_EXHAUSTED,
  500: status.INTERNAL,
  503: status.UNAVAILABLE,
  504: status.DEADLINE_EXCEEDED,
};

/**
 * What one problem may put on the wire, in UTF-8 bytes before base64. grpc-js
 * refuses trailers over 8 KiB (grpc.max_metadata_size): a larger status left
 * the call, and the next one on the same channel, waiting for the deadline.
 */
export const MAX_PROBLEM_PAYLOAD_BYTES = 4096;
const MAX_DETAIL_CHARS = 1000;
const MAX_STRING_CHARS = 200;
const MAX_ITEMS = 20;

/**
 * What a 503 asks a client to wait before trying again (Retry-After): about
 * what a PostgreSQL restart or a service process's restart takes.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * A handler that met a database it cannot reach (restarting, failing over):
 * not the handler's fault nor the caller's, and worth retrying shortly.
 */
export function databaseUnavailableProblem(): DomainError {
  return new DomainError('EXTERNAL_SERVICE_ERROR', 'The database is unavailable; retry shortly.', {
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
  });
}

/**
 * Whether an error says "unavailable, retry shortly": a database that cannot be reached here, or a
 * service that answered so (its database away, or the service itself down). Work that met one is
 * retried until the outage ends rather than counted as failing.
 */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DomainError) return error.code === 'EXTERNAL_SERVICE_ERROR' && error.extensions.retryAfterSeconds !== undefined;
  return isDatabaseUnavailable(error);
}

/**
 * Server side: a thrown error becomes a gRPC status. Only domain errors keep their details; an
 * unreachable database is answered as the dependency problem it is (UNAVAILABLE, 503 at the gateway).
 */
export function toGrpcError(error: unknown): Partial<ServiceError> {
  if (!(error instanceof DomainError) && isDatabaseUnavailable(error)) error = databaseUnavailableProblem();
  if (error instanceof DomainError) {
    const metadata = new Metadata();
    metadata.set(PROBLEM_METADATA_KEY, Buffer.from(boundedProblemPayload(error), 'utf8'));
    return { code: GRPC_STATUS_BY_HTTP[error.status] ?? status.UNKNOWN, details: error.code, metadata };
  }
  return { code: status.INTERNAL, details: 'internal error', metadata: new Metadata() };
}

/**
 * Client side, the one gRPC-status-to-problem mapping: a domain error sent by
 * the server is rebuilt as it was; a transport failure becomes the problem a
 * caller can act on (timeout, dependency unavailable, cancelled) and anything
 * else an internal error.
 */
export function fromGrpcError(error: ServiceError): DomainError {
  const raw = error.metadata?.get(PROBLEM_METADATA_KEY)[0];
  if (raw !== undefined) {
    try {
      const parsed = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw) as {
        code: string;
        detail?: string;
        extensions?: ProblemExtensions;
      };
      if (isProblemCode(parsed.code)) return new DomainError(parsed.code, parsed.detail, parsed.extensions ?? {});
    } catch {
      // fall through to the status mapping
    }
  }
  switch (error.code) {
    case status.DEADLINE_EXCEEDED:
      return new DomainError('TIMEOUT', 'A dependency did not answer in time.');
    case status.UNAVAILABLE:
      return new DomainError('EXTERNAL_SERVICE_ERROR', 'A dependency is unavailable.', { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
    case status.CANCELLED:
      return new DomainError('REQUEST_CANCELLED', 'The request was cancelled.');
    default:
      return new DomainError('INTERNAL_ERROR', 'An unexpected error occurred.');
  }
}

export function grpcStatusForProblem(code: keyof typeof PROBLEM_CATALOG): status {
  return GRPC_STATUS_BY_HTTP[PROBLEM_CATALOG[code].status] ?? status.UNKNOWN;
}

/**
 * The problem as JSON that always fits the metadata limit: the detail is cut
 * to a readable length, then (only when still too large) each extension value
 * is shortened, and as a last resort the extensions are left out.
 */
export function boundedProblemPayload(error: DomainError): string {
  const detail = error.detail === undefined ? undefined : echo(error.detail, MAX_DETAIL_CHARS);
  const whole = JSON.stringify({ code: error.code, detail, extensions: error.extensions });
  if (Buffer.byteLength(whole, 'utf8') <= MAX_PROBLEM_PAYLOAD_BYTES) return whole;
  const shortened = JSON.stringify({ code: error.code, detail, extensions: shorten(error.extensions) });
  if (Buffer.byteLength(shortened, 'utf8') <= MAX_PROBLEM_PAYLOAD_BYTES) return shortened;
  return JSON.stringify({ code: error.code, detail: detail === undefined ? undefined : echo(detail, 200) });
}

function shorten(value: unknown): unknown {
  if (typeof value === 'string') return echo(value, MAX_STRING_CHARS);
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(shorten);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).slice(0, MAX_ITEMS).map(([k, v]) => [echo(k, MAX_STRING_CHARS), shorten(v)]));
  }
  return value;
}
