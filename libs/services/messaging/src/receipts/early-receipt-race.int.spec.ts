import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { enqueueEvent } from '@mp/events';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { insertMessages, findMessageById } from '../messages/message.repository';
import type { MessageRow } from '../messages/message.types';
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
    const [row] = await insertMessages(db, [
      {
        id: randomUUID(),
        account_id: randomUUID(),
        subaccount_id: null,
        channel_type: 'Sms',
        destination: '+14155550100',
        body: 'race',
        template_id: null,
        template_parameters: null,
        message_type: 'Transactional',
        priority: 'Normal',
        actor: null,
        client_reference: null,
        external_id: null,
        idempotency_key: null,
        status: 'queued',
        reply_status: 'None',
        reply_options: null,
        reply_option_key: null,
        reply_option_value: null,
        answered_at: null,
        segment_count: 1,
        encoding: 'gsm7',
        character_count: 4,
        estimated_cost: 0.0079,
        send_at: null,
        expires_at: null,
        next_attempt_at: now,
        attempts: 0,
        deferrals: 0,
        channel_attempt: 1,
        // A dispatch pass holds it and has submitted it to the carrier.
        claimed_until: new Date(now.getTime() + 60_000),
        claim_token: randomUUID(),
        last_error: null,
        failure_reason: null,
        route_remaining: '',
        receipt_timeout_seconds: 0,
        fallback_on_delivery_failure: false,
        fallback_due_at: null,
        traceparent: null,
        created_at: now,
        updated_at: now,
      },
    ]);
    return row;
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
