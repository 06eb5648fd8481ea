import { listenHttp } from '@mp/service-host';
import type express from 'express';
import { createServer, type Server } from 'node:http';
import { dialableHost } from '../endpoints/carrier-simulator-endpoints';

export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Binds the carrier API; with port 0 the system picks a free port, reported in `url`. */
export async function startCarrierHttpServer(app: express.Express, host: string, port: number): Promise<RunningHttpServer> {
  const server: Server = createServer(app);
  const bound = await listenHttp(server, port, host);
  return {
    url: `http://${dialableHost(host)}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive connections of the platform's HTTP client would hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
