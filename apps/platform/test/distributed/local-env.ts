import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const LOCAL_ENV = resolve(__dirname, '../../../../deploy/local.env');

/** deploy/local.env as `set -a; . deploy/local.env` sees it (KEY=value, values optionally single-quoted). */
export function localEnv(text = readFileSync(LOCAL_ENV, 'utf8')): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`deploy/local.env: cannot read "${line}"`);
    const value = match[2];
    env[match[1]] = value.startsWith("'") && value.endsWith("'") ? value.slice(1, -1) : value;
  }
  return env;
}
