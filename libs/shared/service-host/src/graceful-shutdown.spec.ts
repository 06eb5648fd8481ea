import { createLogger } from '@mp/telemetry';
import { runShutdown, type ShutdownStep } from './graceful-shutdown';

function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return { logger: createLogger('info', {}, (line) => lines.push(JSON.parse(line))), lines };
}

describe('runShutdown', () => {
  it('runs the steps in order and answers 0 when all finish within the grace', async () => {
    const order: string[] = [];
    const step = (name: string, ms: number): ShutdownStep => ({
      name,
      run: () => new Promise<void>((resolve) => setTimeout(() => (order.push(name), resolve()), ms)),
    });
    const { logger } = recordingLogger();
    const outcome = await runShutdown([step('grpc', 20), step('due work', 5), step('database pool', 1)], { graceMs: 1_000, logger });
    expect(outcome).toEqual({ code: 0, left: [], failed: [] });
    expect(order).toEqual(['grpc', 'due work', 'database pool']);
  });

  it('when the grace runs out: code 1, naming the step that hung and the ones never started, and logs them', async () => {
    const ran: string[] = [];
    const { logger, lines } = recordingLogger();
    const started = Date.now();
    const outcome = await runShutdown(
      [
        { name: 'grpc', run: () => void ran.push('grpc') },
        { name: 'due work', run: () => new Promise<void>(() => ran.push('due work')) }, // never ends
        { name: 'database pool', run: () => void ran.push('database pool') },
      ],
      { graceMs: 100, logger },
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(outcome).toEqual({ code: 1, hung: 'due work', left: ['database pool'], failed: [] });
    expect(ran).toEqual(['grpc', 'due work']);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'shutdown grace exceeded; exiting with work left', hung: 'due work', left: ['database pool'] }));
  });

  it('a failing step is logged, the later steps still run (the pool still closes), and the code is 1', async () => {
    const ran: string[] = [];
    const { logger, lines } = recordingLogger();
    const outcome = await runShutdown(
      [
        {
          name: 'event transport',
          run: async () => {
            throw new Error('broker gone');
          },
        },
        { name: 'database pool', run: () => void ran.push('database pool') },
      ],
      { graceMs: 1_000, logger },
    );
    expect(outcome).toEqual({ code: 1, left: [], failed: ['event transport'] });
    expect(ran).toEqual(['database pool']);
    expect(lines).toContainEqual(expect.objectContaining({ message: 'shutdown step failed', step: 'event transport' }));
  });
});
