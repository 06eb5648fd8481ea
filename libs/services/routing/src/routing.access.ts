import type { routingV1 } from '@mp/contracts';
import { CUSTOMER, SERVICE, type MethodAccess } from '@mp/grpc';

/**
 * Who may call each RoutingService method. Customers manage numbers, pools
 * and policies (reach, rights and roles: access/routing-reach.rules.ts);
 * messaging asks as itself for a subaccount's policy and each attempt's
 * sender (one at a time, or a batch: services only); only services resolve an address to its owner (it crosses
 * accounts).
 */
export const routingAccess: MethodAccess<typeof routingV1.RoutingServiceService> = {
  listNumbers: CUSTOMER,
  chooseSender: [...SERVICE, ...CUSTOMER],
  // Messaging's dispatcher, for a batch of attempts.
  chooseSenders: SERVICE,
  resolveNumber: SERVICE,
  getRoutingPolicy: [...SERVICE, ...CUSTOMER],
  updateRoutingPolicy: CUSTOMER,
  previewRoute: CUSTOMER,
  createNumber: CUSTOMER,
  deleteNumber: CUSTOMER,
  createNumberPool: CUSTOMER,
  listNumberPools: CUSTOMER,
  getNumberPool: CUSTOMER,
  updateNumberPool: CUSTOMER,
  deleteNumberPool: CUSTOMER,
};
