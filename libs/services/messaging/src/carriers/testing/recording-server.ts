import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as it came off the wire, its body read whole. */
export interface WireRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What to answer a request with; `hang` never answers (the caller's timeout). */
export type WireAnswer = { status: number; body: string; contentType: string; delayMs?: number } | 'hang';

export interface RecordingServer<Recorded> {
  url: string;
  /** Each request as `record` made it, in the order they came. */
  requests: Recorded[];
  stop(): Promise<void>;
}

/**
 * A node:http server on 127.0.0.1 (port 0) for a carrier's fake: each request is recorded as the fake reads it,
 * then answered as the fake decides. One server so the fakes differ only in what they record and answer.
 */
export async function startRecordingServer<Recorded>(
  record: (request: WireRequest) => Recorded,
  answer: (request: Recorded) => WireAnswer,
): Promise<RecordingServer<Recorded>> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = record({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      requests.push(request);
      const reply = answer(request);
      if (reply === 'hang') return;
      const send = () => {
        if (res.destroyed) return; // the client gave up while a delayed answer waited
        res.writeHead(reply.status, { 'content-type': reply.contentType });
        res.end(reply.body);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
