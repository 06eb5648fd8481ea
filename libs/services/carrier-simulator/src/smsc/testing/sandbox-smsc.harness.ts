import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { SmppSession, type PduOf, type SmppSessionOptions, type SubmitFields } from '@mp/smpp';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { CarrierOutcome } from '../../behaviors/carrier-behavior.rules';
import { carrierSimulatorMigrations } from '../../migrations';
import type { NumberOwners } from '../number-owners';
import { SandboxSmsc } from '../sandbox-smsc';
import { SANDBOX_SMSC_CREDENTIALS } from '../smsc-settings';

/** An ESME bound to the harness's SMSC with @mp/smpp's session, keeping every deliver_sm it was sent. */
export interface BoundEsme {
  session: SmppSession;
  delivered: Array<PduOf<'deliver_sm'>>;
  /** Resolves once `count` deliver_sm have arrived. */
  waitForDelivered(count: number, timeoutMs?: number): Promise<Array<PduOf<'deliver_sm'>>>;
}

let schemas = 0;

/**
 * The sandbox SMSC on in-memory PGlite (or, given `databaseUrl`, PostgreSQL in
 * a schema of its own, dropped on close) with a sandbox clock, listening on a
 * free port with the sandbox credentials; `owners` says whose sender number is whose.
 */
export async function startSandboxSmsc(options: { owners?: NumberOwners; responseTimeoutMs?: number; databaseUrl?: string } = {}) {
  const databases: DatabaseProvider = createDatabaseProvider({ databaseUrl: options.databaseUrl, dataDir: ':memory:' });
  const schema = options.databaseUrl ? `sandbox_smsc_${process.pid}_${Date.now().toString(36)}_${++schemas}` : 'carrier_simulator';
  const db: Knex = databases.forSchema(schema);
  await migrateLatest(db, schema, carrierSimulatorMigrations);
  const clock = new SandboxClock();
  const smsc = new SandboxSmsc({
    db,
    clock,
    logger: createLogger('silent'),
    owners: options.owners ?? (async () => undefined),
    settings: { host: '127.0.0.1', port: 0, ...SANDBOX_SMSC_CREDENTIALS },
    responseTimeoutMs: options.responseTimeoutMs ?? 1000,
  });
  await smsc.start();
  const sessions: SmppSession[] = [];

  return {
    db,
    clock,
    smsc,
    port: smsc.port,
    /** Binds as a transceiver; `answer` decides each deliver_sm_resp status (ESME_ROK by default). */
    async bind(overrides: Partial<SmppSessionOptions> & { answer?: (pdu: PduOf<'deliver_sm'>) => number | void } = {}): Promise<BoundEsme> {
      const delivered: Array<PduOf<'deliver_sm'>> = [];
      const session = await SmppSession.connect({
        host: '127.0.0.1',
        port: smsc.port,
        ...SANDBOX_SMSC_CREDENTIALS,
        responseTimeoutMs: 3000,
        onDeliverSm: (pdu) => {
          delivered.push(pdu);
          return overrides.answer?.(pdu);
        },
        ...overrides,
      });
      sessions.push(session);
      return {
        session,
        delivered,
        async waitForDelivered(count, timeoutMs = 5000) {
          const deadline = Date.now() + timeoutMs;
          while (delivered.length < count) {
            if (Date.now() > deadline) throw new Error(`${delivered.length} of ${count} deliver_sm arrived`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          return delivered.slice(0, count);
        },
      };
    },
    /** A carrier behaviour as PUT /v1/sandbox/carrier-behaviors stores it. */
    async behave(destination: string, outcome: CarrierOutcome, options: { accountId?: string; afterSeconds?: number } = {}) {
      await db('carrier_behaviors')
        .insert({ account_id: options.accountId ?? 'acc-smsc', destination, outcome, after_seconds: options.afterSeconds ?? 1, updated_at: clock.now() })
        .onConflict(['account_id', 'destination'])
        .merge();
    },
    /** Moves the sandbox clock and sends what fell due. */
    async advance(seconds: number): Promise<number> {
      clock.advance(seconds);
      return smsc.deliverDue();
    },
    async close() {
      for (const session of sessions) session.destroy();
      await smsc.stop();
      if (options.databaseUrl) await db.raw(`drop schema if exists "${schema}" cascade`);
      await databases.close();
    },
  };
}

export type SandboxSmscHarness = Awaited<ReturnType<typeof startSandboxSmsc>>;

/** submit_sm fields from one E.164 number to another, GSM text, a final receipt asked for. */
export function submitFields(from: string, to: string, overrides: Partial<SubmitFields> = {}): SubmitFields {
  return {
    serviceType: '',
    sourceAddrTon: 1,
    sourceAddrNpi: 1,
    sourceAddr: from.replace(/^\+/, ''),
    destAddrTon: 1,
    destAddrNpi: 1,
    destinationAddr: to.replace(/^\+/, ''),
    esmClass: 0,
    protocolId: 0,
    priorityFlag: 0,
    scheduleDeliveryTime: '',
    validityPeriod: '',
    registeredDelivery: 1,
    replaceIfPresentFlag: 0,
    dataCoding: 0,
    smDefaultMsgId: 0,
    shortMessage: Buffer.from('Hello'),
    ...overrides,
  };
}
