import { DomainError } from '@mp/problems';
import {
  consentV1,
  identityV1,
  messagingV1,
  platformV1,
  providerCallbackV1,
  repliesV1,
  routingV1,
  sandboxV1,
  tendlcV1,
  webhooksV1,
} from '@mp/contracts';
import { createClient, type AsyncClient, type CallTokenSigner } from '@mp/grpc';
import type { ServiceName } from './host-config';

/** Each service's gRPC definition, by service name. */
export const SERVICE_DEFINITIONS = {
  identity: identityV1.IdentityServiceService,
  messaging: messagingV1.MessagingServiceService,
  replies: repliesV1.RepliesServiceService,
  consent: consentV1.ConsentServiceService,
  routing: routingV1.RoutingServiceService,
  'webhook-dispatcher': webhooksV1.WebhookDispatcherServiceService,
  'provider-callback': providerCallbackV1.ProviderCallbackServiceService,
  tendlc: tendlcV1.TenDlcServiceService,
  'carrier-simulator': sandboxV1.CarrierSimulatorServiceService,
} as const;

export type ServiceClients = {
  readonly [K in ServiceName]: AsyncClient<(typeof SERVICE_DEFINITIONS)[K]>;
} & {
  /** The AdminService every host serves, by service name. */
  admin(name: ServiceName): AsyncClient<typeof platformV1.AdminServiceService>;
  /** The same services, calling as `issuer` (each service of the all-in-one process presents its own name). */
  as(issuer: string): ServiceClients;
  close(): void;
};

/** Where each service answers; filled at start-up (in-process ports are known only then). */
export type AddressBook = Partial<Record<ServiceName, string>>;

/**
 * Typed clients to every service, created on first use so that a service only
 * needs the addresses of the services it really calls. Every call carries a
 * token from `signer`, for the service it goes to.
 */
export function createServiceClients(addresses: AddressBook, options: { signer: CallTokenSigner; deadlineMs?: number }): ServiceClients {
  type AnyClient = { close(): void };
  const cache = new Map<string, AnyClient>();
  const address = (name: ServiceName) => {
    const a = addresses[name];
    // In the all-in-one process the gateway listens before the services have started (a few seconds): a request
    // then is told to come back, as for a dependency that is down, not answered 500.
    if (!a) throw new DomainError('EXTERNAL_SERVICE_ERROR', `The ${name} service is not reachable yet (the platform may be starting); retry shortly.`, { retryAfterSeconds: 1 });
    return a;
  };
  const get = (key: string, make: () => AnyClient) => {
    let c = cache.get(key);
    if (!c) {
      c = make();
      cache.set(key, c);
    }
    return c;
  };
  const views: ServiceClients[] = [];
  const clients: Record<string, unknown> = {
    admin: (name: ServiceName) =>
      get(`admin:${name}`, () => createClient(platformV1.AdminServiceService, address(name), { ...options, audience: name })),
    as: (issuer: string) => {
      const view = createServiceClients(addresses, { ...options, signer: options.signer.as(issuer) });
      views.push(view);
      return view;
    },
    close: () => {
      for (const c of cache.values()) c.close();
      cache.clear();
      for (const view of views.splice(0)) view.close();
    },
  };
  for (const name of Object.keys(SERVICE_DEFINITIONS) as ServiceName[]) {
    Object.defineProperty(clients, name, {
      enumerable: true,
      get: () => get(name, () => createClient(SERVICE_DEFINITIONS[name], address(name), { ...options, audience: name }) as AnyClient),
    });
  }
  return clients as ServiceClients;
}
