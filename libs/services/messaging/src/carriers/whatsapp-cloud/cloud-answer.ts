import type { CloudError } from './cloud-error-outcome';

/** What an answer of `sendMessage` says, read defensively: Meta's JSON, or a page some proxy put in its place. */
export type CloudAnswer =
  | { kind: 'sent'; wamid: string }
  | { kind: 'error'; error: CloudError }
  /** JSON without an `error` object, or a 2xx without `messages[0].id`. */
  | { kind: 'unexpected' }
  /** Not JSON at all (an HTML error page of a load balancer). */
  | { kind: 'not-json' };

export function readCloudAnswer(status: number, body: Buffer): CloudAnswer {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { kind: 'not-json' };
  }
  if (typeof json !== 'object' || json === null) return { kind: 'not-json' };
  const answer = json as { messages?: unknown; error?: unknown };
  if (status >= 200 && status < 300) {
    const first: unknown = Array.isArray(answer.messages) ? answer.messages[0] : undefined;
    const id = (first as { id?: unknown } | undefined)?.id;
    return typeof id === 'string' && id !== '' ? { kind: 'sent', wamid: id } : { kind: 'unexpected' };
  }
  if (typeof answer.error !== 'object' || answer.error === null) return { kind: 'unexpected' };
  return { kind: 'error', error: cloudError(answer.error as Record<string, unknown>) };
}

function cloudError(error: Record<string, unknown>): CloudError {
  const data = error.error_data as { details?: unknown } | undefined;
  // Meta sends numbers; a numeric string is read the same.
  const code = typeof error.code === 'number' || (typeof error.code === 'string' && /^\d+$/.test(error.code)) ? Number(error.code) : undefined;
  return {
    code,
    message: text(error.message),
    type: text(error.type),
    details: text(data?.details),
    fbtraceId: text(error.fbtrace_id),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
