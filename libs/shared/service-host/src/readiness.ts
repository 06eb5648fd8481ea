/**
 * Something a service runs on without, but an operator should know of (an SMSC refusing
 * messaging's bind): readiness stays 200 and names it. What leaves the service unable to serve
 * at all fails `ready()` instead (503), and its pods leave the Service.
 */
export interface Degradation {
  /** What kind of part, e.g. `carrierConnection`. */
  component: string;
  /** Which one, as operators name it (a connection's name). */
  name: string;
  /** Why, in words an operator acts on (`bind refused: ESME_RINVPASWD`). */
  reason: string;
}

/** As readiness reports it: with the service it belongs to (the all-in-one process hosts them all). */
export interface ServiceDegradation extends Degradation {
  service: string;
}

/** The /readyz body of a ready process: exactly `{"status":"ok"}` unless something is degraded. */
export type ReadinessBody = { status: 'ok' } | { status: 'degraded'; degradations: ServiceDegradation[] };

export function readinessBody(degradations: readonly ServiceDegradation[]): ReadinessBody {
  return degradations.length === 0 ? { status: 'ok' } : { status: 'degraded', degradations: [...degradations] };
}

/** Every host's degradations, in host order: what the all-in-one process's gateway names on /readyz. */
export async function degradationsOf(hosts: Iterable<{ degradations(): Promise<ServiceDegradation[]> }>): Promise<ServiceDegradation[]> {
  return (await Promise.all([...hosts].map((host) => host.degradations()))).flat();
}
