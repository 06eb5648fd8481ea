import * as http from 'node:http';
import * as https from 'node:https';
import { performance } from 'node:perf_hooks';
import { MAX_ANSWER_BYTES } from '@mp/service-host';
import { blockedHostOf } from './blocked-address.rules';
import { ADDRESS_BLOCKED, guardedLookup, type Resolve } from './guarded-lookup';
import { retryAfterSeconds } from './retry-after';

export interface PostOutcome {
  /** true for a 2xx answered within the timeout */
  ok: boolean;
  /** the HTTP status when one came back */
  status?: number;
  /** why it failed, for people: "no answer within 10 s", "connection refused (ECONNREFUSED)", "redirect not followed (302 to https://…)", the blocked-address message, TLS errors... */
  error?: string;
  durationMs: number;
  /** from Retry-After on 429/503 */
  retryAfterSeconds?: number;
}

export interface WebhookPosterOptions {
  /** Lets deliveries reach loopback, private and other internal addresses (local development and tests only). */
  allowPrivateNetworks: boolean;
  /** Connect, TLS and the answer's status together; default 10 000 (spec: a 2xx within 10 seconds). */
  timeoutMs?: number;
  /** Concurrent sockets per origin (host and port); default 16. */
  maxSocketsPerOrigin?: number;
  /**
   * Tests only: the CAs trusted instead of Node's default store. Production
   * leaves it out and trusts the default store plus NODE_EXTRA_CA_CERTS.
   */
  ca?: string | Buffer;
  /** Tests only: name resolution for the guarded lookup instead of `dns.lookup`. */
  resolve?: Resolve;
}

type Answer = Omit<PostOutcome, 'durationMs'>;

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_SOCKETS = 16;
// A receiver's answer body is read and dropped, up to the platform's cap for outbound answers (1 MiB):
// past it the socket is closed and the attempt fails, saying why.
const tooLarge = (status: number): Answer => ({ ok: false, status, error: `answer larger than ${MAX_ANSWER_BYTES} bytes (1 MiB): refused` });
// Pooled sockets left idle this long are closed (many customer origins would otherwise hold sockets forever).
const IDLE_SOCKET_MS = 30_000;

/**
 * POSTs webhook deliveries over keep-alive agents (one per scheme, shared by
 * every delivery). Unless private networks are allowed, a delivery reaches
 * public addresses only: host names through the agents' guarded lookup (the
 * socket connects to the address it checked), IP literals checked here since
 * net never looks them up. Redirects are not followed. Accepts `http:` as well
 * as `https:` (endpoint creation is where https is required).
 */
export class WebhookPoster {
  private readonly timeoutMs: number;
  private readonly guarded: boolean;
  private readonly agents: Record<string, http.Agent>;
  private readonly inFlight = new Set<() => void>();
  private closed = false;

  constructor(options: WebhookPosterOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.guarded = !options.allowPrivateNetworks;
    const common: http.AgentOptions = {
      keepAlive: true,
      maxSockets: options.maxSocketsPerOrigin ?? DEFAULT_MAX_SOCKETS,
      scheduling: 'lifo',
      timeout: IDLE_SOCKET_MS,
      ...(this.guarded && { lookup: guardedLookup(options.resolve) }),
    };
    this.agents = {
      'http:': new http.Agent(common),
      'https:': new https.Agent({ ...common, ...(options.ca !== undefined && { ca: options.ca }) }),
    };
  }

  /** POSTs `body` (exact bytes) with `headers` (caller supplies content-type and signature headers); never throws. */
  post(url: string, body: string | Buffer, headers: Record<string, string>): Promise<PostOutcome> {
    const started = performance.now();
    const outcome = (answer: Answer): PostOutcome => ({ ...answer, durationMs: Math.round(performance.now() - started) });
    const refused = this.refusal(url);
    if (typeof refused === 'string') return Promise.resolve(outcome({ ok: false, error: refused }));
    return this.send(refused, typeof body === 'string' ? Buffer.from(body) : body, headers).then(outcome, (err: Error) =>
      // Not expected (every failure settles an outcome); kept so a delivery loop never sees a rejection.
      outcome({ ok: false, error: err.message }),
    );
  }

  /** Aborts every request in flight and destroys sockets (service stop). */
  close(): void {
    this.closed = true;
    for (const abort of [...this.inFlight]) abort();
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  /** Why `url` gets no request at all, or the parsed URL to send to. */
  private refusal(url: string): string | URL {
    if (this.closed) return 'delivery aborted: the poster is closed';
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return `invalid URL: ${url}`;
    }
    if (!this.agents[target.protocol]) return `unsupported URL scheme ${target.protocol} (https expected)`;
    const blocked = this.guarded ? blockedHostOf(target.href) : undefined;
    return blocked ? `${blocked}: refused` : target;
  }

  private send(target: URL, payload: Buffer, headers: Record<string, string>): Promise<Answer> {
    return new Promise<Answer>((resolve) => {
      let request: http.ClientRequest | undefined;
      let answer: Answer | undefined;
      let resent = false;
      const settle = (result: Answer) => {
        if (!this.inFlight.delete(abort)) return;
        clearTimeout(deadline);
        resolve(result);
      };
      const abort = (reason = 'delivery aborted: the poster is closed') => {
        settle(answer ?? { ok: false, error: reason });
        request?.destroy();
      };
      // One deadline for connect, TLS, the answer and draining its body; destroying the request closes its socket.
      const deadline = setTimeout(() => abort(`no answer within ${this.timeoutMs / 1000} s`), this.timeoutMs);
      this.inFlight.add(abort);

      const attempt = () => {
        let req: http.ClientRequest;
        try {
          req = (target.protocol === 'https:' ? https : http).request({
            agent: this.agents[target.protocol],
            method: 'POST',
            protocol: target.protocol,
            // The normalised host: the very one the literal check judged.
            hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
            port: target.port,
            path: `${target.pathname}${target.search}`,
            auth: target.username ? `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}` : undefined,
            headers: { ...withoutFraming(headers), 'content-length': String(payload.length) },
          });
        } catch (err) {
          // Such as a header value with a line break (ERR_INVALID_CHAR).
          return settle({ ok: false, error: describeFailure(err as NodeJS.ErrnoException, target) });
        }
        request = req;
        req.on('error', (err: NodeJS.ErrnoException) => {
          // A pooled socket the receiver closed while idle: nothing was delivered, so send once more on a fresh one.
          if (!answer && !resent && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
            resent = true;
            return attempt();
          }
          settle(answer ?? { ok: false, error: describeFailure(err, target) });
        });
        req.on('response', (res) => {
          answer = answerOf(res, target);
          const done = () => settle(answer!);
          const refuse = () => {
            answer = tooLarge(res.statusCode ?? 0);
            res.destroy();
            done();
          };
          if (Number(res.headers['content-length']) > MAX_ANSWER_BYTES) return refuse();
          let drained = 0;
          res.on('data', (chunk: Buffer) => {
            drained += chunk.length;
            if (drained > MAX_ANSWER_BYTES) refuse();
          });
          // Settling on 'end' (after Node returned the socket to the pool) lets the next delivery reuse it.
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        });
        req.end(payload);
      };
      attempt();
    });
  }
}

/** The caller's headers without those that frame the body: the poster sends it with its exact length. */
function withoutFraming(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower !== 'content-length' && lower !== 'transfer-encoding') kept[name] = value;
  }
  return kept;
}

function answerOf(res: http.IncomingMessage, target: URL): Answer {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return { ok: true, status };
  if (status >= 300 && status < 400) {
    const location = res.headers.location;
    return { ok: false, status, error: location ? `redirect not followed (${status} to ${resolved(location, target)})` : `redirect not followed (${status} without Location)` };
  }
  const answer: Answer = { ok: false, status, error: `answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}` };
  if (status === 429 || status === 503) {
    const seconds = retryAfterSeconds(res.headers['retry-after']);
    if (seconds !== undefined) answer.retryAfterSeconds = seconds;
  }
  return answer;
}

function resolved(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|^EPROTO$/;

/** A transport failure in words for the endpoint's owner, with Node's code for searching. */
function describeFailure(err: NodeJS.ErrnoException, target: URL): string {
  // Node 20 tries each resolved address in turn (autoSelectFamily) and reports them all together.
  const first = (err instanceof AggregateError ? err.errors[0] : err) as NodeJS.ErrnoException | undefined;
  const code = err.code ?? first?.code;
  const host = target.hostname;
  if (code === ADDRESS_BLOCKED) return err.message;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (ECONNREFUSED)';
    case 'ECONNRESET':
      return 'connection reset before an answer (ECONNRESET)';
    case 'ENOTFOUND':
      return `${host} not found (ENOTFOUND)`;
    case 'EAI_AGAIN':
      return `${host} could not be resolved now (EAI_AGAIN)`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} unreachable (${code})`;
  }
  const message = err.message || first?.message || 'request failed';
  // Node 24+ appends advice for whoever runs Node ("try running Node.js with --use-system-ca"): the
  // attempt's error is read by the receiver's owner, to whom only the certificate's fault matters.
  if (code && TLS_CODE.test(code)) return `TLS failed: ${message.replace(/; if the root CA is installed locally, .*$/, '')} (${code})`;
  return code ? `${message} (${code})` : message;
}
