import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { CommandStatus, MessageState } from '@mp/smpp';
import type { Knex } from 'knex';
import { messagingMigrations } from '../../migrations';
import { insertMessagesWithAudits } from '../../messages/message.repository';
import { queuedMessageRow } from '../../testing/message-rows';
import { metricValue } from '../testing/metric-value';
import { smppConnection } from '../smpp/testing/smpp-connection';
import { applyPartReceipts } from './apply-part-receipts';
import { contentHashOf } from './content-hash';
import { createSmppDeliverHandler } from './smpp-deliver-handler';
import { PURGE_INTERVAL_MS, smppDeliveriesJob } from './smpp-deliveries.job';
import { createSmppPartLedger } from './smpp-part-ledger.repository';
import { moSm, receiptSm } from './testing/deliver-sm';
import { HandoffRecorder } from './testing/handoff-recorder';
import { capturingLogger } from '../testing/log-lines';

// PostgreSQL when DATABASE_URL is set (CI), embedded PGlite otherwise; its own schema either way.
const databaseUrl = process.env['DATABASE_URL'];
const schema = `smpp_deliveries_test_${randomUUID().slice(0, 8)}`;
const UNMATCHED_LIMIT_MS = 60 * 60_000;
const REASSEMBLY_LIMIT_MS = 10 * 60_000;

describe(`SMPP deliveries on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  let provider: DatabaseProvider;
  let db: Knex;
  beforeAll(async () => {
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
    db = provider.forSchema(schema);
    await migrateLatest(db, schema, messagingMigrations);
  });
  // Each test leaves nothing pending for the next one's job pass (the job serves every connection).
  afterEach(async () => {
    await db('smpp_deliveries').where({ state: 'pending' }).update({ state: 'applied' });
    await db('smpp_outcomes').whereNull('announced_at').update({ announced_at: new Date() });
  });
  afterAll(async () => {
    if (databaseUrl) await db.raw(`drop schema if exists "${schema}" cascade`);
    await provider.close();
  });

  /** One connection (its own name per test, so tests share no rows), its ledger, handler and job. */
  function setUp(overrides: Parameters<typeof smppConnection>[1] = {}) {
    const clock = new SandboxClock();
    const { logger, lines } = capturingLogger();
    const connection = smppConnection(2775, { name: `smsc-${randomUUID().slice(0, 8)}`, ...overrides });
    const handoff = new HandoffRecorder();
    const ledger = createSmppPartLedger({ db, clock, connections: [connection] });
    const handle = createSmppDeliverHandler({ db, clock, logger });
    const job = smppDeliveriesJob({ db, clock, logger, providerCallback: handoff, unmatchedReceiptLimitMs: UNMATCHED_LIMIT_MS, reassemblyLimitMs: REASSEMBLY_LIMIT_MS });
    const deliveries = () => db('smpp_deliveries').where({ connection: connection.name }).orderBy('id');
    const parts = () => db('smpp_parts').where({ connection: connection.name }).orderBy('part_index');
    return { clock, logger, lines, connection, handoff, ledger, handle, job, deliveries, parts };
  }

  async function dispatchedMessage(): Promise<string> {
    const row = queuedMessageRow(new Date(), { status: 'dispatched', channel_attempt: 1 });
    await insertMessagesWithAudits(db, [row], [{ message_id: row.id, at: new Date(), event: 'accepted', from_status: null, to_status: 'queued', detail: null }]);
    return row.id;
  }

  describe('the part ledger', () => {
    it('says a submission was accepted before only when every one of its parts is recorded', async () => {
      const s = setUp();
      const part = (partIndex: number, smscMessageId: string) => ({ connection: s.connection.name, smscMessageId, reference: 'm-ledger:1', partIndex, partCount: 3 });
      expect(await s.ledger.acceptedBefore(s.connection.name, 'm-ledger:1')).toBeUndefined();
      await s.ledger.recordParts([part(0, '0A1'), part(1, '0A2')]); // cut short: the third part never went
      expect(await s.ledger.acceptedBefore(s.connection.name, 'm-ledger:1')).toBeUndefined();
      await s.ledger.recordParts([part(2, '0A3')]);
      expect(await s.ledger.acceptedBefore(s.connection.name, 'm-ledger:1')).toBe('A1'); // as keyed (idFormat, leading zeros)
      expect(await s.ledger.acceptedBefore(s.connection.name, 'm-ledger:2')).toBeUndefined(); // another attempt
      expect(await s.ledger.acceptedBefore('another-connection', 'm-ledger:1')).toBeUndefined();
    });
  });

  describe('the deliver handler', () => {
    it('stores a receipt before answering ESME_ROK, and an SMSC resend (new sequence number) is the same row', async () => {
      const s = setUp();
      const pdu = receiptSm('0A1B', 'DELIVRD');
      await expect(s.handle(s.connection, pdu)).resolves.toBe(CommandStatus.ESME_ROK);
      await expect(s.handle(s.connection, { ...pdu, sequenceNumber: pdu.sequenceNumber + 100 })).resolves.toBe(CommandStatus.ESME_ROK);
      const rows = await s.deliveries();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'receipt', state: 'pending', smsc_message_id: 'A1B', stat: 'DELIVRD', err: '000' });
      expect(await metricValue('smpp_deliver_sm_total', { connection: s.connection.name, kind: 'receipt' })).toBe(1);
    });

    it('answers ESME_RX_T_APPN when the deliver_sm cannot be stored (the SMSC keeps it and resends), with an error line and a metric', async () => {
      const s = setUp();
      const broken = createSmppDeliverHandler({ db: provider.forSchema(`nowhere_${randomUUID().slice(0, 8)}`), clock: s.clock, logger: s.logger });
      await expect(broken(s.connection, receiptSm('1', 'DELIVRD'))).resolves.toBe(CommandStatus.ESME_RX_T_APPN);
      expect(s.lines.map((l) => l.message)).toContain('SMPP deliver_sm not stored, answered ESME_RX_T_APPN');
      expect(await metricValue('smpp_deliver_sm_store_failures_total', { connection: s.connection.name })).toBe(1);
    });

    it('stores deliver_sm that arrive together in ONE insert, in arrival order, two copies of one as one row, each answered ESME_ROK', async () => {
      const s = setUp();
      const inserts: string[] = [];
      const onQuery = (query: { sql: string }) => {
        if (/^insert into smpp_deliveries/i.test(query.sql.trim())) inserts.push(query.sql);
      };
      const pdus = [moSm('one'), moSm('two'), receiptSm('G1', 'DELIVRD'), moSm('three')];
      const copy = { ...pdus[1], sequenceNumber: pdus[1].sequenceNumber + 100 }; // the SMSC resending "two" in the same read
      db.on('query', onQuery);
      const answers = await Promise.all([...pdus, copy].map((pdu) => s.handle(s.connection, pdu))).finally(() => db.removeListener('query', onQuery));
      expect(answers).toEqual(Array(5).fill(CommandStatus.ESME_ROK));
      expect(inserts).toHaveLength(1);
      expect((await s.deliveries()).map((row) => row.content_hash)).toEqual(pdus.map(contentHashOf));
      expect(await metricValue('smpp_deliver_sm_total', { connection: s.connection.name, kind: 'inbound' })).toBe(3);
    });

    it('answers ESME_RX_T_APPN for exactly the deliver_sm of an insert that failed; those that came meanwhile go in the next insert, stored and acknowledged', async () => {
      const s = setUp();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // The first insert is held until the second group has queued behind it.
      const held = new Proxy(db, {
        get: (target, property, receiver) => (property === 'raw' ? (sql: string, bindings: readonly Knex.RawBinding[]) => gate.then(() => target.raw(sql, bindings)) : Reflect.get(target, property, receiver)),
      });
      const handle = createSmppDeliverHandler({ db: held, clock: s.clock, logger: s.logger });
      // source_ton past integer's range: the database refuses the row, and with it its insert.
      const first = [moSm('a'), moSm('poison', undefined, { sourceAddrTon: 2 ** 40 }), moSm('b')];
      const firstAnswers = Promise.all(first.map((pdu) => handle(s.connection, pdu)));
      await new Promise((resolve) => setImmediate(resolve)); // the first group's insert is under way
      const second = [moSm('c'), { ...first[0], sequenceNumber: first[0].sequenceNumber + 100 }]; // and the SMSC resending "a"
      const secondAnswers = Promise.all(second.map((pdu) => handle(s.connection, pdu)));
      release();
      expect(await firstAnswers).toEqual(Array(3).fill(CommandStatus.ESME_RX_T_APPN));
      expect(await secondAnswers).toEqual([CommandStatus.ESME_ROK, CommandStatus.ESME_ROK]);
      expect((await s.deliveries()).map((row) => row.content_hash)).toEqual(second.map(contentHashOf));
      expect(await metricValue('smpp_deliver_sm_store_failures_total', { connection: s.connection.name })).toBe(3);
    });

    it('keeps an unparseable receipt and acknowledges it: a warn line, a metric, and the job changes nothing for it', async () => {
      const s = setUp();
      const messageId = await dispatchedMessage();
      await s.ledger.recordParts([{ connection: s.connection.name, smscMessageId: 'garbage', reference: `${messageId}:1`, partIndex: 0, partCount: 1 }]);
      await expect(s.handle(s.connection, receiptSm('garbage', 'x', { text: 'id garbage, stat unknown' }))).resolves.toBe(CommandStatus.ESME_ROK);
      expect(await s.deliveries()).toMatchObject([{ kind: 'unparseable', state: 'unparseable', reason: expect.any(String) }]);
      expect(s.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'SMPP deliver_sm unparseable, kept and acknowledged', connection: s.connection.name }));
      expect(await metricValue('smpp_deliver_sm_total', { connection: s.connection.name, kind: 'unparseable' })).toBe(1);
      await expect(s.job.runDue()).resolves.toBe(0);
      expect(await s.parts()).toMatchObject([{ stat: null }]);
      expect(s.handoff.receiptCalls).toEqual([]);
      expect(await db('carrier_events').where({ message_id: messageId })).toEqual([]);
    });
  });

  describe('receipts', () => {
    it("match a part whose submit_sm_resp id was hex on a hex-to-dec connection by the receipt's decimal id", async () => {
      const s = setUp({ idFormat: 'hex-to-dec' });
      const messageId = await dispatchedMessage();
      await s.ledger.recordParts([{ connection: s.connection.name, smscMessageId: '0001F001', reference: `${messageId}:1`, partIndex: 0, partCount: 1 }]);
      await s.handle(s.connection, receiptSm('000126977', 'DELIVRD'));
      await s.job.runDue();
      expect(s.handoff.announcedReceipts).toEqual([
        expect.objectContaining({ carrier: s.connection.name, eventId: `smpp:${s.connection.name}:${messageId}:1:delivered`, reference: `${messageId}:1`, status: 'delivered' }),
      ]);
    });

    it('wait for their part when they come before it (receipt-before-response) and apply when it is recorded', async () => {
      const s = setUp();
      const messageId = await dispatchedMessage();
      await s.handle(s.connection, receiptSm('abc', 'DELIVRD'));
      await expect(s.job.runDue()).resolves.toBe(0);
      expect(await s.deliveries()).toMatchObject([{ state: 'pending' }]);
      await s.ledger.recordParts([{ connection: s.connection.name, smscMessageId: 'ABC', reference: `${messageId}:1`, partIndex: 0, partCount: 1 }]);
      await s.job.runDue();
      expect(await s.deliveries()).toMatchObject([{ state: 'applied' }]);
      expect(s.handoff.announcedReceipts.map((r) => r.status)).toEqual(['delivered']);
    });

    it('for an id no part ever had: kept pending, then expired after the limit with a warn line and a metric; nothing changes, nothing is handed on', async () => {
      const s = setUp();
      await s.handle(s.connection, receiptSm('deadbeef', 'DELIVRD'));
      await s.job.runDue();
      s.clock.advance(UNMATCHED_LIMIT_MS / 1000 - 1);
      await s.job.runDue();
      expect(await s.deliveries()).toMatchObject([{ state: 'pending' }]);
      s.clock.advance(1);
      await expect(s.job.runDue()).resolves.toBe(1);
      expect(await s.deliveries()).toMatchObject([{ state: 'expired' }]);
      expect(s.lines).toContainEqual(
        expect.objectContaining({ level: 'warn', message: 'SMPP receipts for ids no submitted part has, dropped after the matching limit', connection: s.connection.name, smscMessageIds: ['DEADBEEF'] }),
      );
      expect(await metricValue('smpp_receipts_unmatched_total', { connection: s.connection.name })).toBe(1);
      expect(s.handoff.receiptCalls).toEqual([]);
      await expect(s.job.runDue()).resolves.toBe(0);
    });

    it('decide undelivered at the first part that finally fails, keep stat and err in carrier events, and hand ONE receipt on', async () => {
      const s = setUp();
      const messageId = await dispatchedMessage();
      const reference = `${messageId}:1`;
      await s.ledger.recordParts([0, 1, 2].map((partIndex) => ({ connection: s.connection.name, smscMessageId: `m${partIndex}`, reference, partIndex, partCount: 3 })));
      await s.handle(s.connection, receiptSm('m0', 'ENROUTE'));
      await s.handle(s.connection, receiptSm('m0', 'DELIVRD'));
      await s.job.runDue();
      expect(s.handoff.receiptCalls).toEqual([]);
      await s.handle(s.connection, receiptSm('m1', 'EXPIRED', { err: '0x0b' }));
      await s.handle(s.connection, receiptSm('m2', 'DELIVRD'));
      await s.job.runDue();
      await s.job.runDue();
      expect(s.handoff.receiptCalls).toHaveLength(1);
      expect(s.handoff.receiptCalls[0]).toEqual({
        carrier: s.connection.name,
        receipts: [{ eventId: `smpp:${s.connection.name}:${reference}:undelivered`, carrierMessageId: 'M0', reference, status: 'undelivered', errorCode: '30003', occurredAt: expect.any(String) }],
      });
      const events = await db('carrier_events').where({ message_id: messageId }).orderBy('id');
      expect(events.map((e) => [e.raw_status, e.error_code, e.detail])).toEqual([
        ['ENROUTE', '000', 'SMPP receipt for part 1 of 3: stat ENROUTE, err 000'],
        ['DELIVRD', '000', 'SMPP receipt for part 1 of 3: stat DELIVRD, err 000'],
        ['EXPIRED', '0x0b', 'SMPP receipt for part 2 of 3: stat EXPIRED, err 0x0b'],
        ['DELIVRD', '000', 'SMPP receipt for part 3 of 3: stat DELIVRD, err 000'],
      ]);
      expect(await s.parts()).toMatchObject([{ stat: 'DELIVRD' }, { stat: 'EXPIRED', err: '0x0b' }, { stat: 'DELIVRD' }]);
    });

    /** A dispatched 3-part message on `s`'s connection with parts q0..q2, and its reference. */
    async function threePartMessage(s: ReturnType<typeof setUp>, prefix: string): Promise<string> {
      const reference = `${await dispatchedMessage()}:1`;
      await s.ledger.recordParts([0, 1, 2].map((partIndex) => ({ connection: s.connection.name, smscMessageId: `${prefix}${partIndex}`, reference, partIndex, partCount: 3 })));
      return reference;
    }

    // Several receipts of each part, interim and final, out of part order; the first final failure (part 2's UNDELIV) decides.
    const RECEIPTS: Array<[part: number, stat: string, err: string]> = [
      [2, 'ENROUTE', '000'],
      [0, 'DELIVRD', '000'],
      [2, 'DELIVRD', '000'],
      [1, 'ACCEPTD', '000'],
      [2, 'ENROUTE', '001'],
      [1, 'UNDELIV', '0x0b'],
      [0, 'EXPIRED', '002'],
      [1, 'DELIVRD', '000'],
    ];

    /** What the receipts left: parts, carrier events and the outcome (occurred_at as the index of the receipt that decided). */
    async function resultOf(s: ReturnType<typeof setUp>, reference: string) {
      const received = (await s.deliveries()).map((row) => new Date(row.received_at).getTime());
      const outcomes = await db('smpp_outcomes').where({ reference });
      const events = await db('carrier_events').where({ message_id: reference.split(':')[0] }).orderBy('id');
      return {
        deliveries: (await s.deliveries()).map((row) => row.state),
        parts: (await s.parts()).map((p) => [p.part_index, p.stat, p.err]),
        events: events.map((e) => [e.carrier_message_id, e.raw_status, e.error_code, e.detail]),
        outcomes: outcomes.map((o) => ({ status: o.status, errorCode: o.error_code, carrierMessageId: o.carrier_message_id, decidedBy: received.indexOf(new Date(o.occurred_at).getTime()) })),
      };
    }

    it('applied many in ONE pass of a fixed number of statements give exactly what one pass per receipt gives', async () => {
      const results = [];
      for (const perPass of [1, RECEIPTS.length]) {
        const s = setUp();
        const reference = await threePartMessage(s, 'q');
        for (const [part, stat, err] of RECEIPTS) {
          await s.handle(s.connection, receiptSm(`q${part}`, stat, { err }));
          s.clock.advance(1);
        }
        const statements: string[] = [];
        const onQuery = (query: { sql: string }) => statements.push(query.sql);
        db.on('query', onQuery);
        let passes = 0;
        try {
          while ((await applyPartReceipts({ db, clock: s.clock, logger: s.logger }, perPass)) > 0) passes++;
        } finally {
          db.removeListener('query', onQuery);
        }
        expect(passes).toBe(RECEIPTS.length / perPass);
        // BEGIN, receipts locked, parts locked, parts updated, receipts marked, messages read, events inserted, outcome inserted, COMMIT; then an empty pass (BEGIN, select, COMMIT).
        if (perPass > 1) expect(statements).toHaveLength(9 + 3);
        results.push(await resultOf(s, reference));
      }
      const [oneByOne, together] = results;
      expect(together).toEqual(oneByOne);
      expect(together).toEqual({
        deliveries: Array(RECEIPTS.length).fill('applied'),
        parts: [
          [0, 'DELIVRD', '000'],
          [1, 'UNDELIV', '0x0b'],
          [2, 'DELIVRD', '000'],
        ],
        // Once per part and stat: part 3's second ENROUTE is not an event of its own.
        events: RECEIPTS.filter((_, i) => i !== 4).map(([part, stat, err]) => [`Q${part}`, stat, err, `SMPP receipt for part ${part + 1} of 3: stat ${stat}, err ${err}`]),
        outcomes: [{ status: 'undelivered', errorCode: '30008', carrierMessageId: 'Q0', decidedBy: 5 }],
      });
    });

    it('applied by two passes at once: each receipt once, each message decided once, none left undecided', async () => {
      const s = setUp();
      const references = [];
      for (let m = 0; m < 6; m++) references.push(await threePartMessage(s, `c${m}-`));
      // Part after part across the messages: passes running side by side take parts of the same messages.
      for (let part = 0; part < 3; part++) for (let m = 0; m < 6; m++) await s.handle(s.connection, receiptSm(`c${m}-${part}`, 'DELIVRD'));
      const deps = { db, clock: s.clock, logger: s.logger };
      let applied = 0;
      for (;;) {
        const [a, b] = await Promise.all([applyPartReceipts(deps, 4), applyPartReceipts(deps, 4)]);
        if (a + b === 0) break;
        applied += a + b;
      }
      expect(applied).toBe(18);
      expect((await s.deliveries()).map((row) => row.state)).toEqual(Array(18).fill('applied'));
      const outcomes = await db('smpp_outcomes').whereIn('reference', references).orderBy('reference');
      expect(outcomes.map((o) => [o.reference, o.status])).toEqual([...references].sort().map((reference) => [reference, 'delivered']));
      const events = await db('carrier_events').whereIn('message_id', references.map((r) => r.split(':')[0])).where({ type: 'receipt' });
      expect(events).toHaveLength(18);
    });

    it('read from TLVs alone (receipted_message_id + message_state)', async () => {
      const s = setUp();
      const messageId = await dispatchedMessage();
      await s.ledger.recordParts([{ connection: s.connection.name, smscMessageId: 'T1', reference: `${messageId}:1`, partIndex: 0, partCount: 1 }]);
      await s.handle(s.connection, receiptSm('x', 'x', { text: '', tlvs: { receiptedMessageId: 't1', messageState: MessageState.DELIVERED } }));
      await s.job.runDue();
      expect(s.handoff.announcedReceipts.map((r) => r.status)).toEqual(['delivered']);
    });

    it('retry the hand-over while provider-callback is down; the outcome is handed on once it is back', async () => {
      const s = setUp();
      const messageId = await dispatchedMessage();
      await s.ledger.recordParts([{ connection: s.connection.name, smscMessageId: 'r1', reference: `${messageId}:1`, partIndex: 0, partCount: 1 }]);
      await s.handle(s.connection, receiptSm('r1', 'DELIVRD'));
      s.handoff.down = true;
      await s.job.runDue();
      expect(s.lines.map((l) => l.message)).toContain('SMPP outcomes not handed to provider-callback yet (retried)');
      s.handoff.down = false;
      await s.job.runDue();
      await s.job.runDue();
      expect(s.handoff.receiptCalls).toHaveLength(2);
      expect(s.handoff.announcedReceipts).toHaveLength(1);
    });
  });

  describe('retention', () => {
    it('deletes handled deliveries, parts and announced outcomes a week old, and keeps what is pending', async () => {
      const s = setUp();
      const messageId = await dispatchedMessage();
      const reference = `${messageId}:1`;
      await s.ledger.recordParts([{ connection: s.connection.name, smscMessageId: 'w1', reference, partIndex: 0, partCount: 1 }]);
      await s.handle(s.connection, receiptSm('w1', 'DELIVRD'));
      await s.job.runDue();
      s.clock.advance(7 * 24 * 3600 - 10);
      await s.handle(s.connection, moSm('late part', { ref: 1, total: 2, seq: 1 })); // pending, and younger
      await s.job.runDue();
      expect(await s.parts()).toHaveLength(1);
      s.clock.advance(11);
      await s.job.runDue(); // past the week, but the purge ran under a minute ago: a pass every second must not scan
      expect(await s.parts()).toHaveLength(1);
      s.clock.advance(PURGE_INTERVAL_MS / 1000);
      await s.job.runDue();
      expect(await s.parts()).toEqual([]);
      expect(await db('smpp_outcomes').where({ reference })).toEqual([]);
      expect(await s.deliveries()).toMatchObject([{ kind: 'inbound', state: 'pending' }]);
    });
  });

  describe('inbound', () => {
    it('puts a 3-part message together from parts in any order and hands it on once, with an id a reprocess repeats', async () => {
      const s = setUp();
      await s.handle(s.connection, moSm('world', { ref: 200, total: 3, seq: 3 }));
      await s.handle(s.connection, moSm('Hello ', { ref: 200, total: 3, seq: 1 }));
      await s.job.runDue();
      expect(s.handoff.inboundCalls).toEqual([]);
      const second = moSm('long ', { ref: 200, total: 3, seq: 2 });
      await s.handle(s.connection, second);
      await s.handle(s.connection, { ...second, sequenceNumber: second.sequenceNumber + 1 }); // the SMSC resending it
      await s.job.runDue();
      expect(s.handoff.inboundCalls).toHaveLength(1);
      const call = s.handoff.inboundCalls[0];
      expect(call).toMatchObject({ carrier: s.connection.name, channel: 'Sms', from: '+447700900123', to: '+15550000001', body: 'Hello long world' });
      const [first] = await s.deliveries();
      expect(call.carrierMessageId).toBe(`smpp:${s.connection.name}:mo:${first.id}`);
      expect(await s.deliveries()).toHaveLength(3);

      await db('smpp_deliveries').where({ connection: s.connection.name }).update({ state: 'pending' }); // as if the pass died before marking
      await s.job.runDue();
      expect(s.handoff.inboundCalls.map((c) => c.carrierMessageId)).toEqual([call.carrierMessageId, call.carrierMessageId]);
      expect(s.handoff.announcedInbound).toHaveLength(1);
    });

    it('hands STOP on as sent', async () => {
      const s = setUp();
      await s.handle(s.connection, moSm('STOP'));
      await s.job.runDue();
      expect(s.handoff.announcedInbound.map((m) => m.body)).toEqual(['STOP']);
    });

    it('hands an incomplete message on with what came once the reassembly limit passed, with a warn line', async () => {
      const s = setUp();
      await s.handle(s.connection, moSm('one ', { ref: 9, total: 3, seq: 1 }));
      await s.handle(s.connection, moSm('three', { ref: 9, total: 3, seq: 3 }));
      s.clock.advance(REASSEMBLY_LIMIT_MS / 1000 - 1);
      await s.job.runDue();
      expect(s.handoff.inboundCalls).toEqual([]);
      s.clock.advance(1);
      await s.job.runDue();
      expect(s.handoff.inboundCalls.map((c) => c.body)).toEqual(['one three']);
      expect(s.lines.map((l) => l.message)).toContain('SMPP inbound message incomplete at the time limit, handed on with the parts that came');
      expect(await metricValue('smpp_inbound_total', { connection: s.connection.name, completeness: 'incomplete' })).toBe(1);
    });

    it('sets binary data aside with a warn line and a metric, handing nothing on', async () => {
      const s = setUp();
      await s.handle(s.connection, moSm('xx', undefined, { dataCoding: 0x04 }));
      await s.job.runDue();
      expect(s.handoff.inboundCalls).toEqual([]);
      expect(await s.deliveries()).toMatchObject([{ state: 'undecodable' }]);
      expect(await metricValue('smpp_inbound_undecodable_total', { connection: s.connection.name })).toBe(1);
    });
  });
});
