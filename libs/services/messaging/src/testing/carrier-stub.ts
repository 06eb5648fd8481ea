import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One request the stub took, as the specs read it: the Carrier API's JSON for
 * SMS; for WhatsApp (Meta's Cloud API) the channel, the E.164 `to` and the text
 * (or the template's name), Meta's body naming no reference, account or sender.
 */
export interface CarrierRequest {
  reference?: string;
  accountId?: string;
  channel: string;
  from?: string;
  to: string;
  body: string;
}

type Reply = { status: number; body?: unknown };

/**
 * A whatsapp-cloud connection to the stub: WhatsApp goes over Meta's Cloud API
 * only (the Carrier API's /whatsapp/v1/messages is retired, issue 29 point 6).
 * The harness configures it unless a spec gives its own connections.
 */
export const stubWhatsAppConnection = (stubUrl: string, fields: Record<string, unknown> = {}) => ({
  name: 'stub-whatsapp',
  protocol: 'whatsapp-cloud',
  channel: 'WhatsApp',
  numbers: ['*'],
  priority: 1,
  baseUrl: stubUrl,
  phoneNumberId: '106540352242922',
  accessToken: 'stub-access-token',
  appSecret: 'stub-app-secret',
  verifyToken: 'stub-verify-token',
  ...fields,
});

/** The part of Meta's sendMessage body the specs read (carriers/whatsapp-cloud/message-body.ts). */
interface CloudBody {
  to?: string;
  text?: { body?: string };
  template?: { name?: string };
}

/**
 * A real HTTP carrier for service tests, playing both carriers messaging speaks
 * over HTTP: our Carrier API's SMS leg (`POST /carrier/v1/messages`) and Meta's
 * WhatsApp Cloud API (`POST /:version/:phoneNumberId/messages`, what the
 * harness's whatsapp-cloud connection posts to). Queued replies are answered
 * first, whichever carrier is asked; then the Carrier API answers 201 and, like
 * the real API, gives a repeated reference the same carrier id, and Meta's
 * answers 200 with a new wamid each time (Meta has no reference to go by).
 */
export class CarrierStub {
  readonly requests: CarrierRequest[] = [];
  /** The path each request came to, in the same order (the SMS carrier or Meta's Cloud API). */
  readonly paths: string[] = [];
  private readonly replies: Reply[] = [];
  private readonly ids = new Map<string, string>();
  private wamids = 0;
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    const app = express();
    app.use(express.json());
    app.post('/carrier/v1/messages', (req, res) => {
      const submission = req.body as CarrierRequest;
      this.record(submission, req.path);
      if (this.answerQueued(res)) return;
      const reference = submission.reference ?? '';
      let id = this.ids.get(reference);
      if (!id) {
        id = `cm-${this.ids.size + 1}`;
        this.ids.set(reference, id);
      }
      res.status(201).json({ carrierMessageId: id, status: 'accepted' });
    });
    app.post('/:version/:phoneNumberId/messages', (req, res) => {
      const sent = req.body as CloudBody;
      const to = `+${sent.to ?? ''}`;
      this.record({ channel: 'WhatsApp', to, body: sent.text?.body ?? sent.template?.name ?? '' }, req.path);
      if (this.answerQueued(res)) return;
      this.wamids += 1;
      res.status(200).json({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: sent.to }], messages: [{ id: `wamid.${this.wamids}` }] });
    });
    this.server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next answers, in order, before the default one (Meta's error shape for a WhatsApp refusal: `{ error: { code, message } }`). */
  answer(...replies: Reply[]): void {
    this.replies.push(...replies);
  }

  reset(): void {
    this.requests.length = 0;
    this.paths.length = 0;
    this.replies.length = 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private record(request: CarrierRequest, path: string): void {
    this.requests.push(request);
    this.paths.push(path);
  }

  private answerQueued(res: express.Response): boolean {
    const reply = this.replies.shift();
    if (!reply) return false;
    res.status(reply.status).json(reply.body ?? {});
    return true;
  }
}
