import type { OutboxEvent, SqlStatement } from '@mp/events';
import { writeWithEvents, type OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { claimKey } from '../idempotency/idempotency.repository';
import type { IdempotentSend } from '../idempotency/idempotency-key';
import { insertMessagesWithAudits } from '../messages/message.repository';
import type { AuditRow, MessageRow, NewAuditEntry } from '../messages/message.types';
import type { QuotaLedger, QuotaLimits } from '../quota/quota-ledger';
import { periodStart } from '../quota/quota-periods';

/** One accepted send, ready to store: the message, its first audit entry and MessageAccepted, counted in its quota scope. */
export interface Acceptance {
  row: MessageRow;
  audit: NewAuditEntry;
  event: OutboxEvent;
  scope: string;
  limits: QuotaLimits;
  now: Date;
  idempotent?: IdempotentSend;
}

export interface StoredAcceptance {
  message: MessageRow;
  audit: AuditRow;
}

/** The most sends written in one statement (or transaction). */
export const MAX_ACCEPTANCES_PER_WRITE = 64;

interface Waiting {
  acceptance: Acceptance;
  resolve(stored: StoredAcceptance | undefined): void;
  reject(error: unknown): void;
}

/**
 * Stores accepted sends with group commit: sends that arrive while a write is
 * under way wait for it and are written together in the next one, and a lone
 * send is written at once. A write is one statement when the outbox writer can
 * take the events into it: the messages, their audit entries, their events and
 * the quota count together, committing alone (no BEGIN and COMMIT round trips,
 * the quota rows locked only while it runs). Nothing changes for a send's
 * answer: a write that fails for any reason (a quota too small for all of it,
 * a constraint) is written again one send per transaction, so each send gets
 * exactly the answer it would have had alone, and the quota stays exact. A
 * send with an Idempotency-Key is always written alone in a transaction: its
 * key claim waits on racing claims of the same key.
 */
export class AcceptanceWriter {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly db: Knex,
    private readonly outbox: OutboxWriter,
    private readonly quota: QuotaLedger,
  ) {}

  /** Stores the send; undefined when its Idempotency-Key was taken by a racing send first. */
  write(acceptance: Acceptance): Promise<StoredAcceptance | undefined> {
    if (acceptance.idempotent) return this.writeAlone(acceptance);
    return new Promise((resolve, reject) => {
      this.waiting.push({ acceptance, resolve, reject });
      // After this turn's I/O: sends decoded from the same read go in one write.
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_ACCEPTANCES_PER_WRITE);
        await this.writeBatch(batch);
      }
    } finally {
      this.writing = false;
    }
  }

  private async writeBatch(batch: Waiting[]): Promise<void> {
    let stored: StoredAcceptance[];
    try {
      stored = await this.storeTogether(batch.map((w) => w.acceptance));
    } catch {
      // Each send alone, for its own answer (one refused by its quota, the others stored).
      await Promise.all(batch.map((w) => this.writeAlone(w.acceptance).then(w.resolve, w.reject)));
      return;
    }
    batch.forEach((w, i) => w.resolve(stored[i]));
  }

  /** One statement when the outbox writer and the quota windows allow it, else one transaction. */
  private storeTogether(acceptances: Acceptance[]): Promise<StoredAcceptance[]> {
    const groups = byQuotaWindow(acceptances);
    const counts = groups.map((g) => this.quota.countStatement(g.scope, g.limits, g.now, g.count));
    if (!this.outbox.enqueueWithin || counts.some((c) => c === undefined)) return this.db.transaction((trx) => this.store(trx, acceptances));
    return this.outbox.enqueueWithin(
      this.db,
      acceptances.map((a) => a.event),
      async (outboxInsert) => {
        const { messages, audits } = await insertMessagesWithAudits(
          this.db,
          acceptances.map((a) => a.row),
          acceptances.map((a) => a.audit),
          outboxInsert,
          { statements: counts as SqlStatement[], rows: groups.length * this.quota.windowsPerCount },
        );
        return acceptances.map((a, i) => ({ message: messages[i], audit: audits[i] }));
      },
    );
  }

  private writeAlone(acceptance: Acceptance): Promise<StoredAcceptance | undefined> {
    return this.db.transaction(async (trx) => {
      // A racing send with the same key committed first: store nothing, the caller answers with its message.
      if (acceptance.idempotent && !(await claimKey(trx, acceptance.idempotent, acceptance.row.id, acceptance.now))) return undefined;
      const [stored] = await this.store(trx, [acceptance]);
      return stored;
    });
  }

  /** Messages, audit entries and events in one statement; the quota counted last. */
  private async store(trx: Knex.Transaction, acceptances: Acceptance[]): Promise<StoredAcceptance[]> {
    const { messages, audits } = await writeWithEvents(
      this.outbox,
      trx,
      acceptances.map((a) => a.event),
      (outboxInsert) =>
        insertMessagesWithAudits(
          trx,
          acceptances.map((a) => a.row),
          acceptances.map((a) => a.audit),
          outboxInsert,
        ),
    );
    // The transaction's last statements: the scope's counter rows stay locked from here to the commit
    // only, and a send refused here rolls everything back.
    for (const group of byQuotaWindow(acceptances)) {
      await this.quota.consume(trx, group.scope, group.limits, group.now, group.count);
    }
    return acceptances.map((a, i) => ({ message: messages[i], audit: audits[i] }));
  }
}

/** Sends counted together: the same scope, limits and quota windows. */
function byQuotaWindow(acceptances: Acceptance[]): Array<{ scope: string; limits: QuotaLimits; now: Date; count: number }> {
  const groups = new Map<string, { scope: string; limits: QuotaLimits; now: Date; count: number }>();
  for (const a of acceptances) {
    const key = [a.scope, a.limits.day, a.limits.month, periodStart('day', a.now).getTime(), periodStart('month', a.now).getTime()].join('|');
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { scope: a.scope, limits: a.limits, now: a.now, count: 1 });
  }
  return [...groups.values()];
}
