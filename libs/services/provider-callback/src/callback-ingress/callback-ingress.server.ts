import { listenHttp } from '@mp/service-host';
import type express from 'express';
import { createServer, type Server } from 'node:http';

export interface RunningCallbackIngress {
  port: number;
  close(): Promise<void>;
}

/** Binds the callback ingress; with port 0 the system picks a free port, reported in `port`. */
export async function listenCallbackIngress(app: express.Express, host: string, port: number): Promise<RunningCallbackIngress> {
  const server: Server = createServer(app);
  return {
    port: await listenHttp(server, port, host),
    close: () =>
      new Promise<void>((resolve) => {
        // Stop taking callbacks, let the ones in flight answer; idle keep-alive sockets would hold close() open.
        server.closeIdleConnections();
        server.close(() => resolve());
      }),
  };
}
