import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';

export interface RunningCallbackIngress {
  port: number;
  close(): Promise<void>;
}

/** Binds the callback ingress; with port 0 the system picks a free port, reported in `port`. */
export async function listenCallbackIngress(app: express.Express, host: string, port: number): Promise<RunningCallbackIngress> {
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        // Stop taking callbacks, let the ones in flight answer; idle keep-alive sockets would hold close() open.
        server.closeIdleConnections();
        server.close(() => resolve());
      }),
  };
}
