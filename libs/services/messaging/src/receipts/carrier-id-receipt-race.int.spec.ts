import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { enqueueEvent } from '@mp/events';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { recordCarrierEvents } from '../carrier-events/carrier-events.repository';
import { findMessageById, insertMessagesWithAudits } from '../messages/message.repository';
import type { MessageRow } from '../messages/message.types';
import { messagingMigrations } from '../migrations';
import { queuedMessageRow } from '../testing/message-rows';
import { applyReceipt, type ApplyReceiptDeps } from './apply-receipt.usecase';
import { lockCarrierMessages, takeEarlyCarrierReceipts } from './carrier-id-receipts.repository';

// PostgreSQL when DATABASE_URL is set (CI), embedded PGlite otherwise: the race needs transactions side by side.
const databaseUrl = process.env['DATABASE_URL'];
const schema = `carrier_id_race_${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a receipt by carrier id racing its dispatch record on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
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
    const row = queuedMessageRow(now, { body: 'race', claimed_until: new Date(now.getTime() + 60_000), claim_token: randomUUID() });
    const { messages } = await insertMessagesWithAudits(db, [row], [{ message_id: row.id, at: now, event: 'accepted', from_status: null, to_status: 'queued', detail: null }]);
    return messages[0];
  };
  // What Meta or Twilio says: only their id, never our message id.
  const delivered = (carrierMessageId: string) => ({
    messageId: '',
    attempt: 0,
    carrier: 'meta',
    status: 'delivered',
    carrierMessageId,
    providerEventId: randomUUID(),
    occurredAt: clock.now().toISOString(),
  });

  it('is applied when the dispatch record commits while the receipt looks for its submission', async () => {
    const message = await claimedMessage();
    const key = { carrier: 'meta', carrierMessageId: `wamid.${randomUUID()}` };
    let mayCommit!: () => void;
    const commitSignal = new Promise<void>((resolve) => (mayCommit = resolve));
    let tookEarly!: () => void;
    const earlyTaken = new Promise<void>((resolve) => (tookEarly = resolve));
    // The dispatch pass records the acceptance as dispatchedAll does: locks, the accepted submission, the row,
    // early receipts taken (none yet), and the commit a moment later.
    const dispatchRecord = db.transaction(async (trx) => {
      await lockCarrierMessages(trx, [key]);
      const now = clock.now();
      await recordCarrierEvents(trx, [
        {
          message_id: message.id,
          attempt_number: 1,
          channel_type: 'WhatsApp',
          type: 'submission_accepted',
          carrier: key.carrier,
          carrier_message_id: key.carrierMessageId,
          raw_status: 'accepted',
          error_code: null,
          reason: null,
          detail: null,
          provider_event_id: null,
          occurred_at: now,
          recorded_at: now,
        },
      ]);
      await trx('messages').where({ id: message.id }).update({ status: 'dispatched', claim_token: null, claimed_until: null });
      expect(await takeEarlyCarrierReceipts(trx, [key])).toEqual([]);
      tookEarly();
      await commitSignal;
    });
    await earlyTaken;
    // Without the lock it would find no submission yet and be set aside, where nothing would ever take it.
    const receipt = db.transaction((trx) => applyReceipt(trx, deps, delivered(key.carrierMessageId)));
    await sleep(200);
    mayCommit();
    await Promise.all([dispatchRecord, receipt]);

    expect((await findMessageById(db, message.id))?.status).toBe('delivered');
    expect(await db('early_carrier_receipts').where({ carrier_message_id: key.carrierMessageId })).toEqual([]);
  });
});
