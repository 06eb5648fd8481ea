import { spawn } from 'node:child_process';

/** Runs an app's entry as an operator would, with `env` added; its exit code and everything it printed. */
function run(app: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/${app}/src/main.ts`], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('start-up errors never print a secret (issue 27 point 7)', () => {
  it('names a malformed DATABASE_URL with its host and without its password', async () => {
    const env = { DATABASE_URL: 'postgres://u:s3cret@db:99999/x' };
    // The all-in-one process catches the error; a standalone app lets it go uncaught (Node prints it with its stack).
    const runs = await Promise.all([run('platform', env), run('messaging', { ...env, EMBEDDED: 'true' })]);
    for (const { code, output } of runs) {
      expect(code).toBe(1);
      expect(output).toContain('DATABASE_URL must be a URL, got "postgres://u:[REDACTED]@db:99999/x"');
      expect(output).not.toContain('s3cret');
    }
  }, 90_000);
});
