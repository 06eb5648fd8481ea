/**
 * Spread for every persisted retry schedule (webhook deliveries, carrier
 * resubmissions, identity's mail, the simulator's and the registry's
 * callbacks): work that failed together must not come due together (issue 27).
 * A delay is pushed later by up to this share of itself, never made earlier:
 * no retry comes before its published schedule, and the spec's "about 10 s"
 * stays within 10 s to 11 s.
 */
export const RETRY_JITTER_RATIO = 0.1;

/** Uniform in [0, 1), as Math.random. */
export type RandomSource = () => number;

/** `delay` (any unit) spread over [delay, delay × (1 + ratio)). */
export function withJitter(delay: number, random: RandomSource = Math.random, ratio = RETRY_JITTER_RATIO): number {
  return delay * (1 + ratio * random());
}

/** A repeatable RandomSource (mulberry32) for tests: the same seed gives the same spread. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
