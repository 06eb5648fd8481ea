import { isDatabaseUnavailable } from '@mp/problems';
import { createServer } from 'node:net';
import { PostgresProvider } from './postgres-provider';

/** A port nobody listens on: every connect is refused, as while PostgreSQL is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('queries waiting for a connection while PostgreSQL is down', () => {
  it('all fail at once as unavailable, not one per retried connect (200 ms apart)', async () => {
    const provider = new PostgresProvider(`postgres://u@127.0.0.1:${await closedPort()}/x`, 60_000, 2);
    try {
      const db = provider.forSchema('outage_check');
      const started = performance.now();
      // Without the fix the pool failed one waiting query per refused connect: 100 queries took about 10 s.
      const results = await Promise.allSettled(Array.from({ length: 100 }, () => db.raw('select 1')));
      const ms = performance.now() - started;
      expect(results.every((r) => r.status === 'rejected' && isDatabaseUnavailable(r.reason))).toBe(true);
      expect(ms).toBeLessThan(2_000);
      // Later queries try to connect again (and fail the same way while it is down).
      await expect(db.raw('select 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await provider.close();
    }
  });
});
