import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import { dialableHost } from '../endpoints/carrier-simulator-endpoints';

export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Binds the carrier API; with port 0 the system picks a free port, reported in `url`. */
export async function startCarrierHttpServer(app: express.Express, host: string, port: number): Promise<RunningHttpServer> {
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    url: `http://${dialableHost(host)}:${bound.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive connections of the platform's HTTP client would hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
