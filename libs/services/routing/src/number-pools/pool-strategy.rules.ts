import type { PoolStrategy } from './number-pool';

/** A number a pool could send from now: active, serving the channel, ready. In rotation order. */
export interface PoolCandidate {
  numberId: string;
  address: string;
  useCount: number;
}

export interface PoolState {
  /** Picks made so far by rotation on this channel (RoundRobin, and Sticky's fallback). */
  rotation: number;
  /** Sticky: the number this recipient last heard from, if remembered. */
  lastNumberId?: string;
}

export interface PoolPick {
  chosen: PoolCandidate;
  /** The rotation moved on (it is stored for the next pick). */
  rotated: boolean;
}

/**
 * Which candidate a pool's strategy picks (spec 2.9):
 * - RoundRobin: the next in rotation order, wrapping;
 * - LeastUsed: the one picked fewest times so far (ties: rotation order), so
 *   a number added later, or one used less before, catches up first;
 * - Random: any, uniformly;
 * - Sticky: the number the recipient last heard from while it is still a
 *   candidate (in the pool, active, serving the channel), else RoundRobin.
 */
export function pickFromPool(strategy: PoolStrategy, candidates: PoolCandidate[], state: PoolState, random: (n: number) => number): PoolPick {
  if (candidates.length === 0) throw new RangeError('a pool pick needs at least one candidate');
  const rotate = (): PoolPick => ({ chosen: candidates[state.rotation % candidates.length], rotated: true });
  switch (strategy) {
    case 'RoundRobin':
      return rotate();
    case 'LeastUsed':
      return { chosen: candidates.reduce((best, c) => (c.useCount < best.useCount ? c : best)), rotated: false };
    case 'Random':
      return { chosen: candidates[random(candidates.length)], rotated: false };
    case 'Sticky': {
      const remembered = candidates.find((c) => c.numberId === state.lastNumberId);
      return remembered ? { chosen: remembered, rotated: false } : rotate();
    }
  }
}
