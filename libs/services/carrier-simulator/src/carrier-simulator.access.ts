import type { sandboxV1 } from '@mp/contracts';
import { ANONYMOUS_CALLER, CUSTOMER, type MethodAccess } from '@mp/grpc';

/**
 * The sandbox mailbox and clock reading are public sandbox routes; changing
 * behaviour or time, or making a recipient write to one's number, takes a customer.
 */
export const carrierSimulatorAccess: MethodAccess<typeof sandboxV1.CarrierSimulatorServiceService> = {
  setCarrierBehavior: CUSTOMER,
  listMailbox: ANONYMOUS_CALLER,
  getClock: ANONYMOUS_CALLER,
  advanceClock: CUSTOMER,
  simulateInbound: CUSTOMER,
};
