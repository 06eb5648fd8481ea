import type { routingV1 } from '@mp/contracts';
import type { AsyncClient } from '@mp/grpc';

/** The part of routing the SMSC asks, as a service: whose number a sender is. */
export type NumberResolver = Pick<AsyncClient<typeof routingV1.RoutingServiceService>, 'resolveNumber'>;

/** The account holding an SMS sender number, or undefined (no account's, or routing unreachable). */
export type NumberOwners = (address: string) => Promise<string | undefined>;

const OWNER_TTL_MS = 30_000;

/**
 * Which account sent a submit_sm, from its source address: SMPP carries no
 * account, and the sandbox's sender numbers each belong to one account
 * (routing's ResolveNumber). Remembered for 30 s so a burst of submits asks once.
 */
export function numberOwnersFrom(routing: NumberResolver | undefined, now: () => number = Date.now): NumberOwners {
  const known = new Map<string, { accountId: string; until: number }>();
  return async (address) => {
    if (!routing || !address.startsWith('+')) return undefined;
    const cached = known.get(address);
    if (cached && cached.until > now()) return cached.accountId;
    try {
      const number = await routing.resolveNumber({ address, channelType: 'Sms' }, { asService: true });
      if (known.size > 10_000) known.clear();
      known.set(address, { accountId: number.accountId, until: now() + OWNER_TTL_MS });
      return number.accountId;
    } catch {
      // NOT_FOUND, or routing not reachable: the submission is filed without an account.
      return undefined;
    }
  };
}
