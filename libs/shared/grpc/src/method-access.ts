import type { PrincipalKind } from './call-context';
import type { ServiceDefinitionLike } from './service-definition';

/**
 * Which principal kinds each method of a service accepts. Every method must
 * be listed (the type makes a missing one a compile error); a call from any
 * other kind is refused before the handler runs.
 */
export type MethodAccess<D extends ServiceDefinitionLike> = { readonly [K in keyof D]: readonly PrincipalKind[] };

/** Customers through the gateway: a signed-in user or an API key. */
export const CUSTOMER: readonly PrincipalKind[] = ['user', 'api_key'];
/** Account administration: a signed-in user only. */
export const USER: readonly PrincipalKind[] = ['user'];
/** Before anyone is signed in (sign-up, sign-in, provider callbacks): keep this list short. */
export const ANONYMOUS_CALLER: readonly PrincipalKind[] = ['anonymous'];
/** Platform staff tools only. */
export const STAFF: readonly PrincipalKind[] = ['system'];
/** Another service acting on its own (e.g. messaging's dispatch job). */
export const SERVICE: readonly PrincipalKind[] = ['service'];
