import type { BrandStatus } from '../../brands/brand-vocabulary';

/** Sandbox: how long after registration the registry reports its verdict, on the sandbox clock. */
export const SANDBOX_VERDICT_DELAY_SECONDS = 30;

/**
 * The sandbox registry's verdict, asked for by the brand's display name
 * (case-insensitive): one containing "unverified" ends UNVERIFIED, one
 * containing "vetted" ends VETTED_VERIFIED, any other VERIFIED.
 */
export function sandboxVerdict(displayName: string): Exclude<BrandStatus, 'PENDING'> {
  const name = displayName.toLowerCase();
  if (name.includes('unverified')) return 'UNVERIFIED';
  if (name.includes('vetted')) return 'VETTED_VERIFIED';
  return 'VERIFIED';
}
