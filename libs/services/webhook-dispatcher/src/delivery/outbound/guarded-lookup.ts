import * as dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describeBlockedAddress } from './blocked-address.rules';

export const ADDRESS_BLOCKED = 'ERR_WEBHOOK_ADDRESS_BLOCKED';

/** Name resolution as `dns.lookup` does it when asked for every address (the form a test can replace). */
export type Resolve = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/** The error a connection to a blocked address fails with. */
export function addressBlockedError(message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code: ADDRESS_BLOCKED });
}

/**
 * A `lookup` for an http(s) Agent that answers only addresses a delivery may
 * reach. The socket connects to exactly what this returns, so a name that
 * resolves (or re-resolves, DNS rebinding) to an internal address never gets
 * a connection: there is no second resolution between the check and the connect.
 *
 * Node 20's net asks with `all: true` (autoSelectFamily): the blocked answers
 * are dropped and the rest returned; with none left it fails with
 * ERR_WEBHOOK_ADDRESS_BLOCKED.
 */
export function guardedLookup(resolve: Resolve = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, options.all ? [] : '');
      const allowed = addresses.filter((a) => describeBlockedAddress(a.address) === undefined);
      if (allowed.length === 0) {
        // The customer reads this in the delivery log: it says why, never which internal address (the platform's network stays unmapped).
        const reason = addresses.length > 0 ? `${hostname} resolves only to internal addresses: refused` : `${hostname} resolves to no address: refused`;
        return callback(addressBlockedError(reason), options.all ? [] : '');
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}
