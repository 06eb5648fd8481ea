import type { routingV1 } from '@mp/contracts';
import { CUSTOMER, SERVICE, type MethodAccess } from '@mp/grpc';

/**
 * Who may call each RoutingService method: customers list their numbers;
 * messaging's dispatch asks for a sender as itself; only services resolve an
 * address to its owner (it crosses accounts).
 */
export const routingAccess: MethodAccess<typeof routingV1.RoutingServiceService> = {
  listNumbers: CUSTOMER,
  chooseSender: [...SERVICE, ...CUSTOMER],
  resolveNumber: SERVICE,
  getRoutingPolicy: [...SERVICE, ...CUSTOMER],
};
