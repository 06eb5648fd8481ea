import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRecordingServer, type WireRequest } from '../../testing/recording-server';

/** A request as the fake Twilio read it off the wire. */
export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The form's fields by name; a repeated name keeps its last value. */
  form: Record<string, string>;
}

/** An answer to play; `hang` never answers. */
export type FakeAnswer = { status: number; body: string; contentType?: string } | 'hang';

export interface FakeTwilio {
  url: string;
  requests: TwilioRequest[];
  /** The answer to every following request (or computed from it). */
  answer(answer: FakeAnswer | ((request: TwilioRequest) => FakeAnswer)): void;
  stop(): Promise<void>;
}

const FIXTURES = join(__dirname, 'answers');

/** A fixture's text (testing/answers/README.md names their sources). */
export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** The answer Twilio gives for one REST error code of `rest-errors.json`. */
export function restError(code: number): FakeAnswer {
  const error = (JSON.parse(fixture('rest-errors.json')) as Record<string, { status: number }>)[String(code)];
  if (!error) throw new Error(`no fixture for Twilio error ${code}`);
  return { status: error.status, body: JSON.stringify(error), contentType: 'application/json' };
}

export const MESSAGE_CREATED: FakeAnswer = { status: 201, body: fixture('message-created.json'), contentType: 'application/json' };

/** Twilio's Messages API played by a local node:http server (port 0): it records each request and answers as told (201 created by default). */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  let next: FakeAnswer | ((request: TwilioRequest) => FakeAnswer) = MESSAGE_CREATED;
  const server = await startRecordingServer(readRequest, (request) => {
    const answer = typeof next === 'function' ? next(request) : next;
    return answer === 'hang' ? answer : { ...answer, contentType: answer.contentType ?? 'application/json' };
  });
  return { url: server.url, requests: server.requests, answer: (answer) => (next = answer), stop: server.stop };
}

function readRequest({ method, path, headers, body }: WireRequest): TwilioRequest {
  return {
    method,
    path,
    authorization: headers.authorization,
    contentType: headers['content-type'],
    form: Object.fromEntries(new URLSearchParams(body)),
  };
}
