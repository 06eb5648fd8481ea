/**
 * The two SMSCs the SMPP bench binds to, in this process on 127.0.0.1, each
 * noting when every submit_sm reached it (its own clock) and how many
 * segments it carried:
 * - the carrier simulator's sandbox SMSC (the platform's sandbox carrier),
 *   filing every part and its receipt in in-memory PGlite, as its specs run it;
 * - @mp/smpp's ScriptedSmsc, which answers every submit_sm at once and keeps
 *   nothing but the PDU: the most one bind can carry on this machine, the ceiling.
 */
import { SANDBOX_SMSC_CREDENTIALS } from '@mp/carrier-simulator/src/smsc/smsc-settings';
import { startSandboxSmsc } from '@mp/carrier-simulator/src/smsc/testing/sandbox-smsc.harness';
import type { PduOf } from '@mp/smpp';
import { ScriptedSmsc } from '@mp/smpp/src/testing/scripted-smsc';

export interface Arrival {
  /** Date.now() when the SMSC read the submit_sm. */
  at: number;
  segments: number;
  /** The submit_sm's sequence_number (unique within one session). */
  sequence: number;
}

export interface BenchSmsc {
  label: string;
  port: number;
  systemId: string;
  password: string;
  /** Every submit_sm since the last clear(), in arrival order. */
  readonly arrivals: Arrival[];
  clear(): void;
  stop(): Promise<void>;
}

/** Segments in one submit_sm: one per PDU, or every one a message_payload carries (153 septets each). */
export function segmentsOf(pdu: PduOf<'submit_sm'>): number {
  const payload = pdu.tlvs?.messagePayload;
  return payload ? Math.max(1, Math.ceil(payload.length / 153)) : 1;
}

export async function startScripted(): Promise<BenchSmsc> {
  const arrivals: Arrival[] = [];
  const smsc = await ScriptedSmsc.start((pdu, connection) => {
    if (pdu.command === 'submit_sm') {
      arrivals.push({ at: Date.now(), segments: segmentsOf(pdu), sequence: pdu.sequenceNumber });
      // It keeps every PDU for its tests; here that would only grow the heap.
      connection.received.length = 0;
    }
    return 'default';
  });
  return {
    label: '@mp/smpp ScriptedSmsc (answers at once, keeps nothing)',
    port: smsc.port,
    systemId: 'bench',
    password: 'bench',
    arrivals,
    clear: () => void (arrivals.length = 0),
    stop: () => smsc.stop(),
  };
}

export async function startSandbox(): Promise<BenchSmsc> {
  const harness = await startSandboxSmsc();
  const arrivals: Arrival[] = [];
  // Noted when the SMSC's connection hands the PDU over (it handles submits concurrently, before any DB work).
  const submit = harness.smsc.submit.bind(harness.smsc);
  harness.smsc.submit = (pdu, bytes, connection) => {
    arrivals.push({ at: Date.now(), segments: segmentsOf(pdu), sequence: pdu.sequenceNumber });
    return submit(pdu, bytes, connection);
  };
  return {
    label: 'carrier simulator sandbox SMSC (PGlite in memory)',
    port: harness.port,
    ...SANDBOX_SMSC_CREDENTIALS,
    arrivals,
    clear: () => void (arrivals.length = 0),
    stop: () => harness.close(),
  };
}
