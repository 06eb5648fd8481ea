import { CommandStatus, type PduOf } from '@mp/smpp';
import type { SmppConnection } from '@mp/carrier-connections';
import type { SmppPartLedger, SubmittedPart } from '../smpp-ports';

/** The part ledger in memory; `hold()` makes recordParts wait until released (to see what waits for it). */
export class InMemoryPartLedger implements SmppPartLedger {
  readonly parts: SubmittedPart[] = [];
  private gate: Promise<void> | undefined;
  private failure: Error | undefined;

  async recordParts(parts: readonly SubmittedPart[]): Promise<void> {
    await this.gate;
    if (this.failure) throw this.failure;
    this.parts.push(...parts);
  }

  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.gate = undefined;
      release();
    };
  }

  async acceptedBefore(connection: string, reference: string): Promise<string | undefined> {
    const parts = this.parts.filter((p) => p.connection === connection && p.reference === reference).sort((a, b) => a.partIndex - b.partIndex);
    const complete = parts.length > 0 && parts[0].partIndex === 0 && new Set(parts.map((p) => p.partIndex)).size >= parts[0].partCount;
    return complete ? parts[0].smscMessageId : undefined;
  }

  failWith(error: Error | undefined): void {
    this.failure = error;
  }
}

/** Keeps every deliver_sm with its connection's name and answers ESME_ROK (or `status`). */
export class RecordingDeliverHandler {
  readonly delivered: Array<{ connection: string; pdu: PduOf<'deliver_sm'> }> = [];
  status: number = CommandStatus.ESME_ROK;

  readonly handle = async (connection: SmppConnection, pdu: PduOf<'deliver_sm'>): Promise<number> => {
    this.delivered.push({ connection: connection.name, pdu });
    return this.status;
  };
}

/** Polls until `check` holds (a bind coming back, a counter moving). */
export async function waitUntil(check: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
