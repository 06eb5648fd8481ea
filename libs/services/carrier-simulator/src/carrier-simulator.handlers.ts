import { sandboxV1 } from '@mp/contracts';
import { implementService, requirePrincipal, type ServiceBinding } from '@mp/grpc';
import type { Logger } from '@mp/telemetry';
import { carrierSimulatorAccess } from './carrier-simulator.access';
import { setCarrierBehavior } from './behaviors/set-carrier-behavior.usecase';
import { advanceSandboxClock, getSandboxClock } from './clock/sandbox-clock.usecase';
import { simulateInbound, type SimulateInboundDeps } from './inbound/simulate-inbound.usecase';
import { listMailbox } from './mailbox/list-mailbox.usecase';

/** gRPC CarrierSimulatorService: translation between proto messages and the use cases only. */
export function carrierSimulatorHandlers(deps: SimulateInboundDeps, logger: Logger): ServiceBinding {
  return implementService(
    sandboxV1.CarrierSimulatorServiceService,
    {
      async setCarrierBehavior(req, ctx) {
        return setCarrierBehavior(deps, requirePrincipal(ctx), req);
      },
      async listMailbox(req) {
        const items = await listMailbox(deps.db, req.to);
        return { items: items.map((m) => ({ to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt.toISOString(), from: m.from })) };
      },
      async getClock() {
        return { now: getSandboxClock(deps.clock).toISOString() };
      },
      async advanceClock(req) {
        return { now: advanceSandboxClock(deps.clock, req.seconds).toISOString() };
      },
      async simulateInbound(req, ctx) {
        const inbound = await simulateInbound(deps, requirePrincipal(ctx), req);
        return {
          eventId: inbound.eventId,
          carrierMessageId: inbound.carrierMessageId,
          channelType: inbound.channel,
          from: inbound.from,
          to: inbound.to,
          body: inbound.body,
          receivedAt: inbound.receivedAt.toISOString(),
          quotedMessageId: inbound.quotedMessageId,
        };
      },
    },
    logger,
    carrierSimulatorAccess,
  );
}
