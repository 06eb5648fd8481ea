import { Client } from 'pg';
import { createServer } from 'node:net';
import { isDatabaseUnavailable } from '@mp/problems';
import { pgConnection } from './pg-connection';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['the server shutting down (57P01, as knex words it)', withCode('select 1 - terminating connection due to administrator command', '57P01')],
    ['the server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['no connection slot left (53300)', withCode('sorry, too many clients already', '53300')],
    ['a connection that died under a query', new Error('Connection terminated unexpectedly')],
    ['the same, prefixed by knex with its statement', new Error('ROLLBACK - Client has encountered a connection error and is not queryable')],
    ['a connect that got no answer', new Error('Connection terminated due to connection timeout')],
    ['a pool that could not hand out a connection', Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })],
    ['a refused connection to every address of a host', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
    ['a wrapped one', new Error('could not claim', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('%s is', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a plain error', new Error('boom')],
    ['a message that only mentions a connection', new Error('Connection terminated unexpectedly? no: the account is closed')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('recognises what node-postgres throws for a port nobody listens on, and for a server that never answers, within the connect timeout', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await new Client(pgConnection(`postgres://u@127.0.0.1:${port}/x`)).connect().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);

    // Accepts the TCP connection and says nothing: the connect timeout ends the wait.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const client = new Client({ ...pgConnection(`postgres://u@127.0.0.1:${(silent.address() as { port: number }).port}/x`), connectionTimeoutMillis: 300 });
      const unanswered = await client.connect().catch((error: unknown) => error);
      expect(isDatabaseUnavailable(unanswered)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.close();
    }
  });
});
