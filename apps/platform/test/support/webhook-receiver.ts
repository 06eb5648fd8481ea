import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const TLS = join(__dirname, '../fixtures/webhook-tls');

/** One POST as the receiver got it: the exact bytes, and the JSON they hold. */
export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string>;
  raw: string;
  body: any;
  receivedAt: number;
}

/** How the receiver answers a request: a status (and headers, and a body of `bodyBytes` bytes, chunked), after a delay, or never. */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number; bodyBytes?: number } | 'hang';

/**
 * A customer's HTTPS webhook receiver on 127.0.0.1, with a certificate of the
 * tests' own CA (trusted by the platform through NODE_EXTRA_CA_CERTS). Each
 * path answers as told (200 by default) and records what arrived.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly answers = new Map<string, Answer>();
  private server!: Server;
  private readonly hanging = new Set<() => void>();

  static async start(): Promise<WebhookReceiver> {
    if (!process.env.NODE_EXTRA_CA_CERTS?.endsWith('webhook-tls/ca.pem')) {
      throw new Error('NODE_EXTRA_CA_CERTS must name apps/platform/test/fixtures/webhook-tls/ca.pem before jest starts: run the suites through `npm test` (or set it)');
    }
    const receiver = new WebhookReceiver();
    await receiver.listen();
    return receiver;
  }

  private listen(): Promise<void> {
    this.server = createServer({ key: readFileSync(join(TLS, 'receiver-key.pem')), cert: readFileSync(join(TLS, 'receiver-cert.pem')) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = undefined;
        }
        this.received.push({ path: req.url ?? '/', headers: req.headers as Record<string, string>, raw, body, receivedAt: Date.now() });
        const answer = this.answers.get(req.url ?? '/') ?? { status: 200 };
        if (answer === 'hang') {
          const release = () => res.destroy();
          this.hanging.add(release);
          return;
        }
        setTimeout(() => {
          res.writeHead(answer.status, answer.headers);
          // In 64 KiB writes, so the client may close the connection part way; nothing follows a closed one.
          let left = answer.bodyBytes ?? 0;
          const more = () => {
            while (left > 0 && !res.destroyed) {
              const n = Math.min(left, 64 * 1024);
              left -= n;
              if (!res.write(Buffer.alloc(n, 'x'))) return void res.once('drain', more);
            }
            res.end();
          };
          res.on('error', () => undefined);
          more();
        }, answer.delayMs ?? 0);
      });
    });
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  /** An HTTPS URL of this receiver; each test uses paths of its own. The two hosts are two origins (socket pools) of one receiver. */
  url(path: string, host: 'localhost' | '127.0.0.1' = 'localhost'): string {
    return `https://${host}:${(this.server.address() as AddressInfo).port}${path}`;
  }

  answer(path: string, answer: Answer): void {
    this.answers.set(path, answer);
  }

  at(path: string): ReceivedDelivery[] {
    return this.received.filter((d) => d.path === path);
  }

  async stop(): Promise<void> {
    for (const release of this.hanging) release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A receiver's check of spec 6.3, as docs/webhooks.md shows it: the HMAC of "<timestamp>.<raw body>", in constant time. */
export function signatureValid(delivery: ReceivedDelivery, secret: string): boolean {
  const timestamp = delivery.headers['x-webhook-timestamp'];
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.raw}`).digest('hex')}`;
  const given = delivery.headers['x-webhook-signature'] ?? '';
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
