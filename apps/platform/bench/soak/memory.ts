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
  return fitPerHour(readings, value)?.slope ?? null;
}

/**
 * The slope's standard error per hour: how far a run this long and this noisy can tell a slope
 * from none (a 2 MB/h target needs a standard error well under 1).
 */
export function growthStdErrPerHour(readings: readonly MemoryReading[], value: (r: MemoryReading) => number): number | null {
  return fitPerHour(readings, value)?.stdErr ?? null;
}

function fitPerHour(readings: readonly MemoryReading[], value: (r: MemoryReading) => number): { slope: number; stdErr: number } | null {
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
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const residuals = ys.reduce((sum, y, i) => sum + (y - my - slope * (xs[i] - mx)) ** 2, 0);
  return { slope, stdErr: Math.sqrt(residuals / (xs.length - 2) / sxx) };
}

/**
 * The slope per hour with a second quantity held fixed (least squares on both): the heap a backlog
 * holds while it is being worked off rises and falls with it, which is not growth over time. Falls
 * back to the plain slope when that quantity did not vary; null when it moved with time (a backlog
 * that only grew), as the two cannot then be told apart.
 */
export function growthPerHourAtSteady<R extends { atMs: number }>(readings: readonly R[], value: (r: R) => number, held: (r: R) => number): number | null {
  if (readings.length < 4) return null;
  const x1 = readings.map((r) => r.atMs / 3_600_000);
  const x2 = readings.map(held);
  const y = readings.map(value);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const [m1, m2, my] = [mean(x1), mean(x2), mean(y)];
  let s11 = 0, s22 = 0, s12 = 0, s1y = 0, s2y = 0;
  for (let i = 0; i < y.length; i++) {
    const [a, b, c] = [x1[i] - m1, x2[i] - m2, y[i] - my];
    s11 += a * a;
    s22 += b * b;
    s12 += a * b;
    s1y += a * c;
    s2y += b * c;
  }
  if (s11 === 0) return null;
  if (s22 === 0) return s1y / s11;
  if (Math.abs(s12) / Math.sqrt(s11 * s22) > 0.9) return null;
  return (s22 * s1y - s12 * s2y) / (s11 * s22 - s12 * s12);
}
