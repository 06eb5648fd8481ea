import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export type PerlEvent = Record<string, unknown> & { event: string };

/** Why the Net::SMPP specs cannot run here, or undefined when perl and Net::SMPP are installed. */
export function netSmppSkipReason(): string | undefined {
  const probe = spawnSync('perl', ['-MNet::SMPP', '-MJSON::PP', '-e1'], { encoding: 'utf8' });
  if (probe.error) return 'perl is not installed';
  if (probe.status !== 0) return `Net::SMPP is not installed (${probe.stderr.trim().split('\n')[0]})`;
  return undefined;
}

/** A stdin command of net-smpp-smsc.pl --scripted: a receipt for a message_id it answered, or a mobile-originated message. */
export type NetSmppCommand =
  | { command: 'receipt'; message_id: string; form: 'tlv' | 'text'; stat: string; err?: string }
  | { command: 'mo'; source_addr: string; destination_addr: string; data_coding: number; short_message: string; esm_class?: number };

/**
 * net-smpp-smsc.pl as a child process, what Net::SMPP decoded as events. By default one ESME and
 * receipts of its own for the first submit_sm; `scripted`: any number of ESMEs, receipts and
 * mobile-originated messages only when `send` asks.
 */
export class NetSmppSmsc {
  readonly events: PerlEvent[] = [];
  private wake: (() => void) | undefined;

  private constructor(private readonly perl: ChildProcessWithoutNullStreams) {
    perl.stderr.on('data', (d) => process.stderr.write(`net-smpp-smsc: ${d}`));
    createInterface({ input: perl.stdout }).on('line', (line) => {
      this.events.push(JSON.parse(line));
      this.wake?.();
    });
  }

  static async start(options: { scripted?: boolean } = {}): Promise<{ smsc: NetSmppSmsc; port: number }> {
    const smsc = new NetSmppSmsc(spawn('perl', [join(__dirname, 'net-smpp-smsc.pl'), ...(options.scripted ? ['--scripted'] : [])]));
    const { port } = await smsc.eventWhere((e) => e.event === 'listening');
    return { smsc, port: port as number };
  }

  async eventWhere(match: (e: PerlEvent) => boolean, timeoutMs = 10_000): Promise<PerlEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`Net::SMPP did not report the expected event; it reported ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  /** Has the scripted SMSC send a deliver_sm; resolves with its deliver_sm_sent line (throws on command_failed). */
  async send(command: NetSmppCommand): Promise<PerlEvent> {
    const from = this.events.length;
    this.perl.stdin.write(`${JSON.stringify(command)}\n`);
    const answer = await this.eventWhere((e) => this.events.indexOf(e) >= from && (e.event === 'deliver_sm_sent' || e.event === 'command_failed'));
    if (answer.event === 'command_failed') throw new Error(`Net::SMPP could not ${command.command}: ${JSON.stringify(answer)}`);
    return answer;
  }

  stop(): void {
    this.perl.kill();
  }
}
