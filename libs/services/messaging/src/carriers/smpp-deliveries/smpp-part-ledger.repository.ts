import type { Clock } from '@mp/clock';
import { GroupCommit } from '@mp/db';
import type { Knex } from 'knex';
import type { SmppConnection } from '@mp/carrier-connections';
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
 *
 * Dispatch submits a whole window at once, so both operations are group
 * commits (@mp/db GroupCommit): the parts recorded and the references looked
 * up in one event-loop turn take one statement each, not one per message
 * (two of the five statements a message cost through SMPP, docs/benchmarks.md).
 */
export function createSmppPartLedger(deps: SmppPartLedgerDeps): SmppPartLedger {
  const idFormats = new Map(deps.connections.map((c) => [c.name, c.idFormat]));
  const records = new GroupCommit<readonly SubmittedPart[], void>(async (submissions) => {
    const now = deps.clock.now();
    // One row per key: an SMSC that reuses an id (its counter wrapped) means the newer part, and one statement
    // cannot upsert a key twice.
    const rows = new Map<string, Record<string, unknown>>();
    for (const p of submissions.flat()) {
      const smscMessageId = normaliseSmscMessageId(p.smscMessageId, idFormats.get(p.connection) ?? 'as-is');
      rows.set(JSON.stringify([p.connection, smscMessageId]), {
        connection: p.connection,
        smsc_message_id: smscMessageId,
        reference: p.reference,
        part_index: p.partIndex,
        part_count: p.partCount,
        stat: null,
        err: null,
        recorded_at: now,
      });
    }
    const all = [...rows.values()];
    // Long messages can make a group's rows many: a statement holds at most MAX_ROWS_PER_STATEMENT of them.
    for (let i = 0; i < all.length; i += MAX_ROWS_PER_STATEMENT) {
      const chunk = all.slice(i, i + MAX_ROWS_PER_STATEMENT);
      await deps.db('smpp_parts').insert(chunk).onConflict(['connection', 'smsc_message_id']).merge(['reference', 'part_index', 'part_count', 'stat', 'err', 'recorded_at']);
    }
    deps.onRecorded?.();
    return submissions.map(() => undefined);
  }, MAX_GROUP);
  const lookups = new GroupCommit<{ connection: string; reference: string }, string | undefined>(async (keys) => {
    // By reference (its index; a row-value IN list of pairs is planned as a scan of the whole ledger).
    const parts = (await deps.db('smpp_parts')
      .whereIn('reference', [...new Set(keys.map((k) => k.reference))])
      .whereIn('connection', [...new Set(keys.map((k) => k.connection))])
      .orderBy('part_index')
      .select('connection', 'reference', 'smsc_message_id', 'part_index', 'part_count')) as Array<{
      connection: string;
      reference: string;
      smsc_message_id: string;
      part_index: number;
      part_count: number;
    }>;
    const byKey = new Map<string, typeof parts>();
    for (const part of parts) {
      const key = JSON.stringify([part.connection, part.reference]);
      byKey.set(key, [...(byKey.get(key) ?? []), part]);
    }
    return keys.map((k) => everyPartAccepted(byKey.get(JSON.stringify([k.connection, k.reference])) ?? []));
  }, MAX_GROUP);
  return {
    async recordParts(parts: readonly SubmittedPart[]): Promise<void> {
      if (parts.length === 0) return;
      await records.add(parts);
    },
    acceptedBefore(connection: string, reference: string): Promise<string | undefined> {
      return lookups.add({ connection, reference });
    },
  };
}

/** Submissions (or lookups) in one group at most: a dispatch pass's window is far fewer. */
const MAX_GROUP = 256;
/** Rows in one insert at most: 8 parameters a row, far below PostgreSQL's 65535. */
const MAX_ROWS_PER_STATEMENT = 2048;

/** The first part's SMSC id when every part of the message is in the ledger, else undefined. */
function everyPartAccepted(parts: ReadonlyArray<{ smsc_message_id: string; part_index: number; part_count: number }>): string | undefined {
  const indexes = new Set(parts.map((p) => p.part_index));
  if (parts.length === 0 || parts[0].part_index !== 0 || indexes.size < parts[0].part_count) return undefined;
  return parts[0].smsc_message_id;
}
