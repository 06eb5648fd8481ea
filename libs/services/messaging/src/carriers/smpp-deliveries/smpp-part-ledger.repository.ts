import type { Clock } from '@mp/clock';
import type { Knex } from 'knex';
import type { SmppConnection } from '../connections';
import { normaliseSmscMessageId } from '../smpp/normalise-smsc-message-id';
import type { SmppPartLedger, SubmittedPart } from '../smpp/smpp-ports';

export interface SmppPartLedgerDeps {
  db: Knex;
  clock: Clock;
  /** The smpp connections: each one's idFormat keys its parts. */
  connections: readonly SmppConnection[];
  /** Called once parts are stored (to run the job's pass now: a receipt may be waiting for them). */
  onRecorded?: () => void;
}

/**
 * The part ledger on messaging's database (every replica shares it): each
 * part keyed by (connection, its normalised SMSC id). A receipt stored before
 * its part (receipt-before-response) waits in smpp_deliveries and is matched
 * on the job's next pass.
 */
export function createSmppPartLedger(deps: SmppPartLedgerDeps): SmppPartLedger {
  const idFormats = new Map(deps.connections.map((c) => [c.name, c.idFormat]));
  return {
    async recordParts(parts: readonly SubmittedPart[]): Promise<void> {
      if (parts.length === 0) return;
      const now = deps.clock.now();
      const rows = parts.map((p) => ({
        connection: p.connection,
        smsc_message_id: normaliseSmscMessageId(p.smscMessageId, idFormats.get(p.connection) ?? 'as-is'),
        reference: p.reference,
        part_index: p.partIndex,
        part_count: p.partCount,
        stat: null,
        err: null,
        recorded_at: now,
      }));
      // An SMSC that reuses an id (its counter wrapped) means the newer part: the key follows it.
      await deps.db('smpp_parts').insert(rows).onConflict(['connection', 'smsc_message_id']).merge(['reference', 'part_index', 'part_count', 'stat', 'err', 'recorded_at']);
      deps.onRecorded?.();
    },
    async acceptedBefore(connection: string, reference: string): Promise<string | undefined> {
      const parts = (await deps.db('smpp_parts').where({ connection, reference }).orderBy('part_index').select('smsc_message_id', 'part_index', 'part_count')) as Array<{
        smsc_message_id: string;
        part_index: number;
        part_count: number;
      }>;
      const indexes = new Set(parts.map((p) => p.part_index));
      if (parts.length === 0 || parts[0].part_index !== 0 || indexes.size < parts[0].part_count) return undefined;
      return parts[0].smsc_message_id;
    },
  };
}
