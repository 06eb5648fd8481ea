import { randomUUID } from 'node:crypto';
import type { routingV1 } from '@mp/contracts';
import type { CallOptions, Principal } from '@mp/grpc';
import type { NumberDirectory } from '../inbound/simulate-inbound.usecase';
import type { NumberResolver } from '../smsc/number-owners';

/**
 * Routing's ListNumbers over a fixed list: the account's numbers, only a
 * subaccount's when one is named. Records each call with the principal it
 * was made for, so a test can check the simulator asked as the caller.
 * ResolveNumber (the SMSC's "whose sender is this") answers from the same
 * list, NOT_FOUND (gRPC code 5) for a number not in it.
 */
export function fakeRouting(numbers: Array<Partial<routingV1.PhoneNumber> & Pick<routingV1.PhoneNumber, 'accountId' | 'address' | 'channelTypes'>>) {
  const calls: Array<{ request: routingV1.ListNumbersRequest; principal?: Principal }> = [];
  const items: routingV1.PhoneNumber[] = numbers.map((n) => ({ numberId: randomUUID(), status: 'active', createdAt: new Date().toISOString(), ...n }));
  const routing: NumberDirectory & NumberResolver = {
    async resolveNumber({ address }: routingV1.ResolveNumberRequest) {
      const number = items.find((n) => n.address === address);
      if (!number) throw Object.assign(new Error(`${address} is no number of any account`), { code: 5 });
      return number;
    },
    async listNumbers(request: routingV1.ListNumbersRequest, options?: CallOptions) {
      calls.push({ request, principal: options?.principal });
      return {
        items: items.filter((n) => n.accountId === request.accountId && (request.subaccountId === undefined || n.subaccountId === request.subaccountId)),
      };
    },
  };
  return { routing, calls };
}
