import type { IncomingHttpHeaders } from 'node:http';
import { startRecordingServer, type WireRequest } from '../../testing/recording-server';

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
  let next: CloudApiAnswer = sentAnswer();
  const server = await startRecordingServer(readRequest, () => {
    const { status, body, contentType, delayMs } = next;
    const text = typeof body === 'string';
    return { status, body: text ? body : JSON.stringify(body), contentType: contentType ?? (text ? 'text/html' : 'application/json'), delayMs };
  });
  return { url: server.url, requests: server.requests, answer: (answer) => (next = answer), close: server.stop };
}

/** The body as JSON, or as its text when it is not JSON. */
function readRequest({ method, path, headers, body }: WireRequest): RecordedRequest {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = body;
  }
  return { method, path, headers, json };
}
