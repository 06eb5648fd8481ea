import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  body: Record<string, unknown>;
}

/**
 * A platform stand-in for every carrier callback route (`/v1/webhooks/carriers/...`):
 * records each post with its raw bytes and headers, and answers what `answers`
 * says next (200 when it is empty). It checks no signature: the tests do, with node:crypto.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const app = express();
  app.post(/^\/v1\/webhooks\/carriers\//, express.raw({ type: '*/*' }), (req, res) => {
    const raw = req.body as Buffer;
    received.push({ path: req.path, headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) as Record<string, unknown> });
    res.status(answers.shift() ?? 200).end();
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answers,
    reset() {
      received.length = 0;
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
