import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { DomainError, isProblemCode, PROBLEM_CATALOG, type ProblemExtensions } from '@mp/problems';

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

/** Server side: a thrown error becomes a gRPC status. Only domain errors keep their details. */
export function toGrpcError(error: unknown): Partial<ServiceError> {
  if (error instanceof DomainError) {
    const metadata = new Metadata();
    const payload = { code: error.code, detail: error.detail, extensions: error.extensions };
    metadata.set(PROBLEM_METADATA_KEY, Buffer.from(JSON.stringify(payload), 'utf8'));
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
      return new DomainError('EXTERNAL_SERVICE_ERROR', 'A dependency is unavailable.');
    case status.CANCELLED:
      return new DomainError('REQUEST_CANCELLED', 'The request was cancelled.');
    default:
      return new DomainError('INTERNAL_ERROR', 'An unexpected error occurred.');
  }
}

export function grpcStatusForProblem(code: keyof typeof PROBLEM_CATALOG): status {
  return GRPC_STATUS_BY_HTTP[PROBLEM_CATALOG[code].status] ?? status.UNKNOWN;
}
