import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { enqueueEvent } from '@mp/events';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { insertMessagesWithAudits, findMessageById } from '../messages/message.repository';
import type { MessageRow } from '../messages/message.types';
import { queuedMessageRow } from '../testing/message-rows';
import { messagingMigrations } from '../migrations';
import { applyReceipt, type ApplyReceiptDeps } from './apply-receipt.usecase';
import { takeEarlyReceipts } from './early-receipts.repository';

// PostgreSQL when DATABASE_URL is set (CI), embedded PGlite otherwise: the
// race needs transactions that really run side by side.
const databaseUrl = process.env['DATABASE_URL'];
const schema = `early_receipt_test_${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a receipt racing its dispatch record on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  let provider: DatabaseProvider;
  let db: Knex;
  const clock = new SandboxClock();
  const deps: ApplyReceiptDeps = {
    outbox: { enqueue: (trx, event) => enqueueEvent(trx, event, clock.now()) },
    clock,
    logger: createLogger('error'),
  };

  beforeAll(async () => {
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
    db = provider.forSchema(schema);
    await migrateLatest(db, schema, messagingMigrations);
  });
  afterAll(async () => {
    if (databaseUrl) await db.raw(`drop schema if exists "${schema}" cascade`);
    await provider.close();
  });

  const claimedMessage = async (): Promise<MessageRow> => {
    const now = clock.now();
    // A dispatch pass holds it and has submitted it to the carrier.
    const row = queuedMessageRow(now, { body: 'race', claimed_until: new Date(now.getTime() + 60_000), claim_token: randomUUID() });
    const { messages } = await insertMessagesWithAudits(
      db,
      [row],
      [{ message_id: row.id, at: now, event: 'accepted', from_status: null, to_status: 'queued', detail: null }],
    );
    return messages[0];
  };

  const delivered = (message: MessageRow) => ({
    messageId: message.id,
    attempt: 1,
    carrier: 'sim',
    status: 'delivered',
    carrierMessageId: 'sim-1',
    providerEventId: randomUUID(),
    occurredAt: clock.now().toISOString(),
  });

  it('is applied when the dispatch record commits while the receipt is being applied', async () => {
    const message = await claimedMessage();
    let mayCommit!: () => void;
    const commitSignal = new Promise<void>((resolve) => (mayCommit = resolve));
    let tookEarly!: () => void;
    const earlyTaken = new Promise<void>((resolve) => (tookEarly = resolve));
    // The dispatch pass records the carrier's acceptance: the row changes, early receipts are taken
    // (none yet), and the commit comes a moment later.
    const dispatchRecord = db.transaction(async (trx) => {
      await trx('messages').where({ id: message.id }).update({ status: 'dispatched', claim_token: null, claimed_until: null });
      await takeEarlyReceipts(trx, [{ messageId: message.id, attemptNumber: 1 }]);
      tookEarly();
      await commitSignal;
    });
    await earlyTaken;
    // The receipt arrives in that moment: set aside as early, nothing would ever apply it.
    const receipt = db.transaction((trx) => applyReceipt(trx, deps, delivered(message)));
    await sleep(200);
    mayCommit();
    await Promise.all([dispatchRecord, receipt]);

    expect((await findMessageById(db, message.id))?.status).toBe('delivered');
    expect(await db('early_receipts').where({ message_id: message.id })).toEqual([]);
  });

  it('is kept and applied by a dispatch record that begins after it', async () => {
    const message = await claimedMessage();
    await db.transaction((trx) => applyReceipt(trx, deps, delivered(message)));
    expect((await findMessageById(db, message.id))?.status).toBe('queued');

    const taken = await db.transaction(async (trx) => {
      await trx('messages').where({ id: message.id }).update({ status: 'dispatched', claim_token: null, claimed_until: null });
      return takeEarlyReceipts(trx, [{ messageId: message.id, attemptNumber: 1 }]);
    });
    expect(taken).toHaveLength(1);
  });
});
