import { flushTelemetry, initTelemetry } from '@mp/telemetry';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/** A span as a collector receives it over OTLP/HTTP JSON. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  service: string;
}

const SPAN_KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3, CONSUMER: 5 } as const;

/** OTLP/JSON ids are hex; an exporter sending base64 is read too. */
const hex = (id: string | undefined) => (id && !/^[0-9a-f]*$/.test(id) ? Buffer.from(id, 'base64').toString('hex') : (id ?? ''));

/** The local collector: accepts POST /v1/traces (OTLP/HTTP with JSON) and keeps every span it is sent. */
function startOtlpReceiver(): Promise<{ server: Server; url: string; spans: ReceivedSpan[]; requests: Array<{ contentType?: string }> }> {
  const spans: ReceivedSpan[] = [];
  const requests: Array<{ contentType?: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      requests.push({ contentType: req.headers['content-type'] });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: Array<{
          resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
          scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, 'service'>> }>;
        }>;
      };
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({ ...span, traceId: hex(span.traceId), spanId: hex(span.spanId), parentSpanId: hex(span.parentSpanId), service });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, requests })),
  );
}

/** One sample of a metric family in the Prometheus text answer; undefined when that series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    const have = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // The standard variables a deployment sets; a short batch delay so spans arrive within the test.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = 'http/json';
  process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
  // What the process's entry does with OTEL_TRACES_EXPORTER=otlp; once per process (this file's realm), so the platform's own call keeps it.
  initTelemetry({ exporter: 'otlp', serviceName: 'messaging-platform' });
  booted = await bootPlatform();
  api = booted.api;
  user = await signUp(api, 'observability');
  await sandboxNumber(api, user.accessToken);
  // The delivery event's consumer is the webhook fan-out, which passes over the events of an account without an endpoint.
  // Nothing listens there (deliveries fail at once and retry later): only the fan-out is traced.
  const hook = await api.post('/v1/webhooks', { token: user.accessToken, body: { url: 'https://127.0.0.1:9/deliveries', subscribedEvents: 'MessageDelivered' } });
  if (hook.status !== 201) throw new Error(`create webhook: ${hook.text}`);
});

afterAll(async () => {
  await booted?.stop();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

describe('observable in production (issue 14 point 7)', () => {
  it("exports one send's spans from the gateway, messaging and the receipt consumer under one trace id", async () => {
    // Three sends at once: dispatch and receipts record several messages' changes in one batch, and each must stay in its own trace.
    const sends = await Promise.all(
      [1, 2, 3].map(() => api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to: freshDestination(), body: 'traced' } })),
    );
    for (const sent of sends) expect(sent.status).toBe(201);
    const traceIds = sends.map((sent) => sent.headers.get('x-trace-id')!);
    for (const traceId of traceIds) expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(traceIds).size).toBe(3);
    for (const sent of sends) await waitForStatus(api, user, sent.body.messageId, ['delivered']);

    const has = (spans: ReceivedSpan[], kind: number, name: RegExp) => spans.some((span) => span.kind === kind && name.test(span.name));
    const expected: Array<[string, number, RegExp]> = [
      ['the gateway serving the send', SPAN_KIND.SERVER, /^POST \/v1\/accounts\/[^/]+\/messages$/],
      ['messaging serving SendMessage over gRPC', SPAN_KIND.SERVER, /^\/messaging\.v1\.MessagingService\/SendMessage$/],
      ['messaging submitting to the carrier', SPAN_KIND.CLIENT, /^submit Sms to carrier$/],
      // Receipts are handed on in batches: each carries its message's traceparent, and provider-callback records it in that trace.
      ['provider-callback recording its receipt (and writing its event to the outbox)', SPAN_KIND.INTERNAL, /^record carrier receipt$/],
      ['the receipt consumer applying the receipt', SPAN_KIND.CONSUMER, /^consume CarrierReceiptReceived$/],
      ['a consumer of the dispatch event (written with the rest of its dispatch chunk)', SPAN_KIND.CONSUMER, /^consume MessageDispatched$/],
      ['a consumer of the delivery event (written with the rest of its run of receipts)', SPAN_KIND.CONSUMER, /^consume MessageDelivered$/],
    ];
    for (const traceId of traceIds) {
      const spans = await waitFor(
        async () => {
          await flushTelemetry();
          return receiver.spans.filter((span) => span.traceId === traceId);
        },
        (found) => expected.every(([, kind, name]) => has(found, kind, name)),
        { what: `spans of trace ${traceId}`, timeoutMs: 20_000, intervalMs: 200 },
      );
      for (const [what, kind, name] of expected) expect({ traceId, what, found: has(spans, kind, name) }).toEqual({ traceId, what, found: true });
      // One tree: every span but the request's own has its parent in the trace.
      const ids = new Set(spans.map((span) => span.spanId));
      const roots = spans.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId));
      expect(roots.map((span) => span.name)).toEqual([expect.stringMatching(/^POST \/v1\/accounts\/[^/]+\/messages$/)]);
      expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['messaging-platform']));
    }
    // The sandbox's SMS went over SMPP: messaging hands the decided outcomes to provider-callback in one call for
    // several receipts (RecordCarrierReceipts), each receipt then recorded in its own message's trace (above).
    expect(receiver.spans.some((span) => span.kind === SPAN_KIND.SERVER && /^\/providercallback\.v1\.ProviderCallbackService\/RecordCarrierReceipts$/.test(span.name))).toBe(true);
    expect(receiver.requests.every((r) => r.contentType?.startsWith('application/json'))).toBe(true);
  });

  it('serves Prometheus metrics on /metrics that move with a send', async () => {
    // What Prometheus scrapes: an operator's endpoint, not part of the public contract, so read with plain fetch.
    const read = async () => {
      const res = await fetch(`${booted.platform.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    const sendRoute = { method: 'POST', route: '/v1/accounts/:accountId/messages', status_code: '201' };
    const sendMethod = { grpc_service: 'messaging.v1.MessagingService', grpc_method: 'SendMessage', grpc_code: 'OK' };
    const accepted = { channel: 'Sms', outcome: 'accepted' };
    const before = await read();

    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to: freshDestination(), body: 'counted' } });
    expect(sent.status).toBe(201);
    await waitForStatus(api, user, sent.body.messageId, ['delivered']);
    const refused = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to: 12345, body: 'x' } });
    expect(refused.status).toBe(400);

    const after = await waitFor(read, (text) => (sample(text, 'carrier_receipts_total', { status: 'delivered' }) ?? 0) > (sample(before, 'carrier_receipts_total', { status: 'delivered' }) ?? 0), {
      what: 'the receipt to be counted',
    });
    const grew = (name: string, labels: Record<string, string>) => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(grew('http_server_request_duration_seconds_count', sendRoute)).toBe(1);
    expect(grew('http_server_request_duration_seconds_count', { ...sendRoute, status_code: '400' })).toBe(1);
    expect(grew('grpc_server_handling_seconds_count', sendMethod)).toBe(1);
    // On PostgreSQL every platform of the run shares the database and so the queue: this process's
    // dispatcher may also submit another suite's message (it did in CI). Alone on PGlite, only ours.
    if (booted.env.DATABASE_URL) expect(grew('carrier_submissions_total', accepted)).toBeGreaterThanOrEqual(1);
    else expect(grew('carrier_submissions_total', accepted)).toBe(1);
    // Raw paths never become labels: the account id is not in any series.
    expect(after).not.toContain(user.accountId);
    // Read on scrape: present for each hosted service, whatever their value.
    expect(after).toMatch(/^# TYPE messaging_dispatch_queue_depth gauge$/m);
    expect(sample(after, 'outbox_backlog_events', { service: 'messaging' })).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'outbox_oldest_unpublished_age_seconds', { service: 'messaging' })).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^# TYPE consumer_dead_letters gauge$/m);
    // The embedded log's lag per group and topic: the receipt consumer catches up (with Kafka the brokers report it).
    const receiptLag = (text: string) => sample(text, 'consumer_lag_events', { consumer_group: 'messaging.carrier-receipts', topic: 'carrier.receipts' });
    if (!booted.env.KAFKA_BROKERS) await waitFor(read, (text) => receiptLag(text) === 0, { what: 'the receipt consumer to have no lag' });
    expect(after).toMatch(/^# TYPE webhook_delivery_attempts_total counter$/m);
  });
});
