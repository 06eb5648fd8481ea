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

/** net-smpp-smsc.pl as a child process: one ESME, what Net::SMPP decoded as events. */
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

  static async start(): Promise<{ smsc: NetSmppSmsc; port: number }> {
    const smsc = new NetSmppSmsc(spawn('perl', [join(__dirname, 'net-smpp-smsc.pl')]));
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

  stop(): void {
    this.perl.kill();
  }
}
