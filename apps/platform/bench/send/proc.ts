/** CPU time of other processes, from Linux's /proc (null where it cannot be read). */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of one process, in ms; null when it is gone or unreadable. */
export function processCpuMs(pid: number): number | null {
  const fields = statFields(pid);
  if (!fields) return null;
  // Fields 14 and 15 of stat (utime, stime), counted from the pid as field 1.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/** The command name of a process (/proc/<pid>/comm); null when it is gone. */
export function processName(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The pids and every process under them. */
export function processTrees(roots: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [...roots];
  }
  for (const name of entries) {
    const fields = statFields(Number(name));
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const all: number[] = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    all.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return all;
}

/**
 * CPU ms each of `pids` has used; a delta between two snapshots sums, per pid,
 * the later value minus the earlier one (0 for a pid that was not there yet).
 */
export function cpuSnapshot(pids: readonly number[]): Map<number, number> {
  const snapshot = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== null) snapshot.set(pid, ms);
  }
  return snapshot;
}

export function cpuDeltaMs(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
