/**
 * Memory readings a growth rate can be fitted to: each one after a forced full
 * collection (so garbage not yet collected does not count as growth), and the
 * growth as the least-squares slope over all readings after warm-up (one
 * unlucky reading moves it little).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface MemoryReading {
  /** ms since the soak started */
  atMs: number;
  heapUsedMB: number;
  rssMB: number;
  externalMB: number;
}

// --expose-gc at run time: `npm run soak` needs no node flags.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;

export function readMemory(startedAt: number): MemoryReading {
  // Twice: objects freed by the first pass's finalizers go in the second.
  gc();
  gc();
  const usage = process.memoryUsage();
  return {
    atMs: Date.now() - startedAt,
    heapUsedMB: usage.heapUsed / MB,
    rssMB: usage.rss / MB,
    externalMB: usage.external / MB,
  };
}

/** Least-squares slope of `value` per hour; null with fewer than three readings. */
export function growthPerHour(readings: readonly MemoryReading[], value: (r: MemoryReading) => number): number | null {
  if (readings.length < 3) return null;
  const xs = readings.map((r) => r.atMs / 3_600_000);
  const ys = readings.map(value);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  return sxx === 0 ? null : sxy / sxx;
}
