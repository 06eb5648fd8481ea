import { isSandboxClock } from '@mp/clock';
import type { Principal } from '@mp/grpc';
import { SERVICE_NAMES } from '@mp/service-host';
import type { GatewayDeps } from '../app/gateway-deps';

/**
 * Advancing the sandbox clock: the simulator owns the reading; every service
 * then moves its clock there and runs the work that became due, before the
 * advance call answers.
 */
export async function advanceSandboxClock(deps: GatewayDeps, seconds: number, principal: Principal): Promise<string> {
  const { now } = await deps.clients['carrier-simulator'].advanceClock({ seconds }, { principal });
  if (!now) throw new Error('the simulator answered no time');
  if (isSandboxClock(deps.clock)) deps.clock.setAtLeast(new Date(now));
  await Promise.all(SERVICE_NAMES.map((name) => deps.clients.admin(name).setSandboxClock({ now }, { principal, deadlineMs: 60_000 })));
  return now;
}
