import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect as createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian's `kannel` package puts its boxes (/usr/sbin is not on every PATH). */
export function kannelBinary(name: 'bearerbox' | 'smsbox'): string | undefined {
  const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim() !== '') return which.stdout.trim();
  const sbin = `/usr/sbin/${name}`;
  return existsSync(sbin) ? sbin : undefined;
}

/** A free TCP port on 127.0.0.1 (bound and released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface KannelOptions {
  smscPort: number;
  systemId: string;
  password: string;
  /** Path and query on the callback server where smsbox sends a recipient's message (its sms-service get-url), or none. */
  moPath?: string;
}

/** An HTTP request Kannel made to one of the test's URLs (dlr-url, get-url). */
export interface KannelCall {
  path: string;
  query: Record<string, string>;
}

/**
 * Kannel (Debian `kannel` 1.4.5) as an independent ESME: bearerbox bound to the
 * sandbox SMSC as a transceiver (`smsc = smpp`), smsbox with a sendsms user,
 * both on free ports with their logs in a temporary folder, and an HTTP server
 * catching the calls Kannel makes back (dlr-url, the MO get-url).
 */
export class Kannel {
  private readonly children: ChildProcess[] = [];

  private constructor(
    readonly calls: KannelCall[],
    readonly dir: string,
    readonly adminPort: number,
    readonly sendsmsPort: number,
    private readonly callbacks: Server,
  ) {}

  static async start(options: KannelOptions): Promise<Kannel> {
    const bearerbox = kannelBinary('bearerbox');
    const smsbox = kannelBinary('smsbox');
    if (!bearerbox || !smsbox) {
      throw new Error("Kannel is not installed: bearerbox and smsbox come with Debian's `kannel` package (apt-get install kannel), which CI installs");
    }
    const dir = mkdtempSync(join(tmpdir(), 'kannel-'));
    const [adminPort, smsboxPort, sendsmsPort] = [await freePort(), await freePort(), await freePort()];
    const calls: KannelCall[] = [];
    const callbacks = createHttpServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('');
    });
    await new Promise<void>((resolve) => callbacks.listen(0, '127.0.0.1', resolve));
    const kannel = new Kannel(calls, dir, adminPort, sendsmsPort, callbacks);
    const conf = join(dir, 'kannel.conf');
    const moUrl = options.moPath === undefined ? undefined : `${kannel.callbackUrl}${options.moPath}`;
    writeFileSync(conf, kannelConf(dir, { ...options, moUrl, adminPort, smsboxPort, sendsmsPort }));
    try {
      kannel.spawn(bearerbox, ['-v', '1', conf], 'bearerbox.out');
      await kannel.waitForPort(smsboxPort, 'bearerbox');
      kannel.spawn(smsbox, ['-v', '1', conf], 'smsbox.out');
      await kannel.waitForPort(sendsmsPort, 'smsbox');
    } catch (error) {
      await kannel.stop();
      throw error;
    }
    return kannel;
  }

  /** The base URL of the test's callback server: dlr-url and get-url point here. */
  get callbackUrl(): string {
    return `http://127.0.0.1:${(this.callbacks.address() as AddressInfo).port}`;
  }

  /** GET /cgi-bin/sendsms on smsbox: the HTTP answer's status and text. */
  async sendsms(params: Record<string, string>): Promise<{ status: number; text: string }> {
    const query = new URLSearchParams({ username: 'tester', password: 'foobar', ...params });
    const response = await fetch(`http://127.0.0.1:${this.sendsmsPort}/cgi-bin/sendsms?${query}`);
    return { status: response.status, text: await response.text() };
  }

  /** The boxes' logs, for a failing test's message. */
  logs(): string {
    return ['bearerbox.log', 'smsbox.log', 'bearerbox.out', 'smsbox.out']
      .map((name) => {
        const path = join(this.dir, name);
        return existsSync(path) ? `--- ${name}\n${readFileSync(path, 'utf8').split('\n').slice(-60).join('\n')}` : '';
      })
      .join('\n');
  }

  async stop(): Promise<void> {
    // smsbox first (it belongs to bearerbox), each given a moment to go on SIGTERM, then SIGKILL.
    for (const child of [...this.children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => this.callbacks.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private spawn(binary: string, args: string[], outFile: string): void {
    const out: Buffer[] = [];
    const child = spawn(binary, args, { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('exit', () => {
      try {
        writeFileSync(join(this.dir, outFile), Buffer.concat(out));
      } catch {
        // The folder is gone after stop().
      }
    });
    this.children.push(child);
  }

  private async waitForPort(port: number, box: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = createConnection(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (open) return;
      const exited = this.children.find((c) => c.exitCode !== null);
      if (exited || Date.now() > deadline) throw new Error(`${box} did not open port ${port}${exited ? ` (a box exited with ${exited.exitCode})` : ''}\n${this.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function kannelConf(dir: string, o: KannelOptions & { moUrl: string | undefined; adminPort: number; smsboxPort: number; sendsmsPort: number }): string {
  const group = (lines: Record<string, string | number>) =>
    Object.entries(lines)
      .map(([key, value]) => `${key} = ${typeof value === 'number' || /^[\w.-]+$/.test(value) ? value : `"${value}"`}`)
      .join('\n');
  return [
    group({
      group: 'core',
      'admin-port': o.adminPort,
      'admin-password': 'secret',
      'admin-allow-ip': '127.0.0.1',
      'smsbox-port': o.smsboxPort,
      'box-allow-ip': '127.0.0.1',
      'log-file': join(dir, 'bearerbox.log'),
      'log-level': 0,
      'dlr-storage': 'internal',
    }),
    group({
      group: 'smsc',
      smsc: 'smpp',
      'smsc-id': 'sandbox',
      host: '127.0.0.1',
      port: o.smscPort,
      'transceiver-mode': 'true',
      'smsc-username': o.systemId,
      'smsc-password': o.password,
      // Kannel insists on one; the sandbox SMSC takes any.
      'system-type': 'kannel',
      // Our message ids are decimal in submit_sm_resp and in receipts alike.
      'msg-id-type': '0x00',
      'enquire-link-interval': 30,
      'reconnect-delay': 1,
      'source-addr-ton': 1,
      'source-addr-npi': 1,
      'dest-addr-ton': 1,
      'dest-addr-npi': 1,
    }),
    group({
      group: 'smsbox',
      'bearerbox-host': '127.0.0.1',
      'sendsms-port': o.sendsmsPort,
      'log-file': join(dir, 'smsbox.log'),
      'log-level': 0,
    }),
    group({ group: 'sendsms-user', username: 'tester', password: 'foobar', 'max-messages': 5, concatenation: 'true' }),
    // A recipient's message goes to the test's URL and is never answered (no MO/MT ping-pong).
    group({ group: 'sms-service', keyword: 'default', ...(o.moUrl ? { 'get-url': o.moUrl } : { text: 'ignored' }), 'max-messages': 0, 'catch-all': 'true' }),
    '',
  ].join('\n\n');
}
