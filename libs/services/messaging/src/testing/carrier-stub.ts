import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CarrierRequest {
  reference: string;
  accountId: string;
  channel: string;
  from: string;
  to: string;
  body: string;
}

type Reply = { status: number; body?: unknown };

/**
 * A real HTTP carrier for service tests: answers queued replies first, then
 * 201, and like the real API gives a repeated reference the same carrier id.
 */
export class CarrierStub {
  readonly requests: CarrierRequest[] = [];
  /** The path each request came to, in the same order (the SMS or the WhatsApp carrier). */
  readonly paths: string[] = [];
  private readonly replies: Reply[] = [];
  private readonly ids = new Map<string, string>();
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    const app = express();
    app.use(express.json());
    // The SMS and the WhatsApp carrier paths answer alike here.
    app.post(['/carrier/v1/messages', '/whatsapp/v1/messages'], (req, res) => {
      const submission = req.body as CarrierRequest;
      this.requests.push(submission);
      this.paths.push(req.path);
      const reply = this.replies.shift();
      if (reply) return void res.status(reply.status).json(reply.body ?? {});
      let id = this.ids.get(submission.reference);
      if (!id) {
        id = `cm-${this.ids.size + 1}`;
        this.ids.set(submission.reference, id);
      }
      res.status(201).json({ carrierMessageId: id, status: 'accepted' });
    });
    this.server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next answers, in order, before the default 201. */
  answer(...replies: Reply[]): void {
    this.replies.push(...replies);
  }

  reset(): void {
    this.requests.length = 0;
    this.replies.length = 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
