import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Binds `server` and resolves with the port it got (0 asks the system for a free one);
 * rejects when it cannot bind (a port in use fails start-up instead of going unheard).
 */
export function listenHttp(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
