import { createLogger } from '@mp/telemetry';
import { createServer } from 'node:net';
import { envelope } from '../testing/test-helpers';
import { createKafkaTransport } from './kafka-transport';

async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('kafkajs logs through the platform logger', () => {
  it("writes kafkajs' own errors as the platform's JSON lines, with its fields", async () => {
    const lines: string[] = [];
    const port = await refusedPort();
    const transport = createKafkaTransport({ brokers: [`127.0.0.1:${port}`], clientId: 'log-test', logger: createLogger('info', { app: 't' }, (l) => lines.push(l)) });
    await expect(transport.publish([envelope({ topic: 'log-test.events' })])).rejects.toThrow();
    await transport.close();
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const kafkajs = entries.filter((e) => typeof e.message === 'string' && e.message.startsWith('kafkajs '));
    expect(kafkajs.length).toBeGreaterThan(0);
    expect(kafkajs).toContainEqual(expect.objectContaining({ level: 'error', app: 't', broker: `127.0.0.1:${port}`, message: expect.stringMatching(/^kafkajs Connection: /) }));
    // Nothing of kafkajs' own shape (its `logger` and `timestamp` fields) reaches the line.
    for (const entry of kafkajs) expect(Object.keys(entry)).not.toEqual(expect.arrayContaining(['logger', 'timestamp']));
  }, 30_000);
});
