import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  json: unknown;
}

export interface CloudApiAnswer {
  status: number;
  /** An object is sent as JSON; a string as it is (an HTML page). */
  body: unknown;
  contentType?: string;
  /** Answer this late (a timeout). */
  delayMs?: number;
}

export interface FakeCloudApi {
  url: string;
  requests: RecordedRequest[];
  /** What the next requests are answered, until changed. */
  answer(next: CloudApiAnswer): void;
  close(): Promise<void>;
}

export const WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJCOTY3NDc0NDFDRUI3NTA0Q0UA';

/** Meta's answer to an accepted send (CARRIERS.md 2.1). */
export function sentAnswer(wamid = WAMID): CloudApiAnswer {
  return {
    status: 200,
    body: { messaging_product: 'whatsapp', contacts: [{ input: '+15551234567', wa_id: '15551234567' }], messages: [{ id: wamid, message_status: 'accepted' }] },
  };
}

/** Meta's error answer: `{error:{message,type,code,error_data:{messaging_product,details},fbtrace_id}}`. */
export function errorAnswer(status: number, code: number, message: string, details = message): CloudApiAnswer {
  return {
    status,
    body: { error: { message, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: 'AbCdEfGhIjK' } },
  };
}

/** A node:http server on port 0 playing Meta's Cloud API: it records each request and answers as told. */
export async function startFakeCloudApi(): Promise<FakeCloudApi> {
  const requests: RecordedRequest[] = [];
  let next: CloudApiAnswer = sentAnswer();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, json });
      const { status, body, contentType, delayMs } = next;
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': contentType ?? (typeof body === 'string' ? 'text/html' : 'application/json') });
        response.end(payload);
      };
      if (delayMs) setTimeout(send, delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (answer) => (next = answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
