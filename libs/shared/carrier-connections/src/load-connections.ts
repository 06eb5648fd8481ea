import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, redactSecretText, type Env } from '@mp/config';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { CarrierConnection } from './carrier-connection';
import { parseCarrierConnections } from './parse-connections';

export const CONNECTIONS_VARIABLE = 'CARRIER_CONNECTIONS';
export const CONNECTIONS_FILE_VARIABLE = 'CARRIER_CONNECTIONS_FILE';

/**
 * The operator's carrier connections, read and validated once (at start-up):
 * `CARRIER_CONNECTIONS` (a JSON array) or `CARRIER_CONNECTIONS_FILE` (a path
 * to a `.json` file, or to YAML under any other name, e.g. a mounted
 * Kubernetes Secret key). Undefined when neither is set (the caller decides:
 * the simulator in sandbox, no SMS carrier otherwise); `[]` is a list of none.
 * Throws a ConfigError naming every problem. A relative `passwordFile` is
 * resolved against the connections file's folder, or the working directory.
 */
export function loadCarrierConnections(env: Env): readonly CarrierConnection[] | undefined {
  const inline = env[CONNECTIONS_VARIABLE]?.trim() || undefined;
  const file = env[CONNECTIONS_FILE_VARIABLE]?.trim() || undefined;
  if (inline && file) throw new ConfigError([`${CONNECTIONS_VARIABLE}: set it or ${CONNECTIONS_FILE_VARIABLE}, not both`]);
  if (inline) return parseCarrierConnections(parseJson(inline, CONNECTIONS_VARIABLE), CONNECTIONS_VARIABLE, { env, baseDir: process.cwd() });
  if (!file) return undefined;
  const path = resolve(file);
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([`${CONNECTIONS_FILE_VARIABLE}: cannot read ${redactSecretText(path)} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  const value = path.endsWith('.json') ? parseJson(content, CONNECTIONS_FILE_VARIABLE) : parseYamlText(content);
  return parseCarrierConnections(value, CONNECTIONS_FILE_VARIABLE, { env, baseDir: dirname(path) });
}

/** Only where the JSON breaks: V8's message quotes the text around it, which may hold a password. */
function parseJson(content: string, source: string): unknown {
  try {
    return JSON.parse(content);
  } catch (error) {
    const where = /at position \d+(?: \(line \d+ column \d+\))?/.exec((error as Error).message)?.[0];
    throw new ConfigError([`${source}: must be valid JSON${where ? ` (error ${where})` : ''}`]);
  }
}

/** Only the line and column: the yaml package's message shows the offending line. */
function parseYamlText(content: string): unknown {
  try {
    return parseYaml(content);
  } catch (error) {
    const at = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    throw new ConfigError([`${CONNECTIONS_FILE_VARIABLE}: must be valid YAML or JSON${at ? ` (error at line ${at.line} column ${at.col})` : ''}`]);
  }
}
