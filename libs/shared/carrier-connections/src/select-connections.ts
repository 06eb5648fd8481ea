import type { CarrierConnection, Channel, SmppConnection } from './carrier-connection';
import { matchStrength } from './sender-numbers';

/**
 * The connections that may send a `channel` message from `from`, in the order
 * to try them. `priority` decides (lower first): it is the operator's stated
 * failover order, so a `["*"]` aggregator can be preferred over a connection
 * that names the number. Among equal priorities the closer match goes first
 * (an exact number, then the longest prefix, then `*`), then the order of
 * configuration.
 */
export function connectionsFor(connections: readonly CarrierConnection[], channel: Channel, from: string): readonly CarrierConnection[] {
  return connections
    .map((connection, order) => ({ connection, order, strength: connection.channel === channel ? matchStrength(connection.numbers, from) : -1 }))
    .filter((c) => c.strength >= 0)
    .sort((a, b) => a.connection.priority - b.connection.priority || b.strength - a.strength || a.order - b.order)
    .map((c) => c.connection);
}

/** SMPP type of number and numbering plan for a sender: international/E.164 (1/1) or alphanumeric (5/0). */
export interface SmppAddressing {
  readonly ton: number;
  readonly npi: number;
}

/**
 * The source address's TON/NPI for one message: what the connection
 * configures, and for what it leaves unset, what the sender is: an E.164
 * number (`+` and digits) 1/1 (international, ISDN), anything else an
 * alphanumeric sender 5/0 (alphanumeric, unknown).
 */
export function sourceAddressing(connection: SmppConnection, from: string): SmppAddressing {
  const international = /^\+?[0-9]+$/.test(from);
  return {
    ton: connection.sourceTon ?? (international ? 1 : 5),
    npi: connection.sourceNpi ?? (international ? 1 : 0),
  };
}
