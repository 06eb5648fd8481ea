import { METRICS_CONTENT_TYPE, renderMetrics } from '@mp/telemetry';
import { createServer, type Server } from 'node:http';
import { listenHttp } from './listen-http';
import { readinessBody, type ServiceDegradation } from './readiness';

/**
 * GET /healthz (alive) and GET /readyz (dependencies reachable), as DECISIONS
 * "Running" asks, and GET /metrics (the process's Prometheus registry).
 * Ready, /readyz is 200 `{"status":"ok"}`, or 200 `{"status":"degraded","degradations":[...]}`
 * naming what `degradations` reports (still ready: see Degradation); unready, 503.
 */
export async function startHealthServer(options: {
  host?: string;
  port: number;
  ready: () => Promise<void>;
  /** Asked once ready; none when absent. */
  degradations?: () => Promise<readonly ServiceDegradation[]>;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/healthz') return send(200, { status: 'ok' });
    if (req.method === 'GET' && req.url === '/readyz') {
      options
        .ready()
        .then(async () => (await options.degradations?.()) ?? [])
        .then(
          (degradations) => send(200, readinessBody(degradations)),
          () => send(503, { status: 'unavailable' }),
        );
      return;
    }
    if (req.method === 'GET' && req.url === '/metrics') {
      renderMetrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
          res.end(text);
        },
        () => send(500, { status: 500, code: 'INTERNAL_ERROR' }),
      );
      return;
    }
    send(404, { status: 404, code: 'NOT_FOUND' });
  });
  const port = await listenHttp(server, options.port, options.host ?? '0.0.0.0');
  return {
    port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
