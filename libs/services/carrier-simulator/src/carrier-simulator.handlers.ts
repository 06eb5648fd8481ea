import { sandboxV1 } from '@mp/contracts';
import { implementService, type ServiceBinding } from '@mp/grpc';
import type { Logger } from '@mp/telemetry';
import { carrierSimulatorAccess } from './carrier-simulator.access';
import type { SetCarrierBehaviorUseCase } from './behaviors/set-carrier-behavior.usecase';
import type { SandboxClockUseCase } from './clock/sandbox-clock.usecase';
import type { ListMailboxUseCase } from './mailbox/list-mailbox.usecase';

/** gRPC CarrierSimulatorService: translation between proto messages and the use cases only. */
export function carrierSimulatorHandlers(
  useCases: { setBehavior: SetCarrierBehaviorUseCase; listMailbox: ListMailboxUseCase; clock: SandboxClockUseCase },
  logger: Logger,
): ServiceBinding {
  return implementService(
    sandboxV1.CarrierSimulatorServiceService,
    {
      async setCarrierBehavior(req) {
        return useCases.setBehavior.execute(req);
      },
      async listMailbox(req) {
        const items = await useCases.listMailbox.execute(req.to);
        return { items: items.map((m) => ({ to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt.toISOString(), from: m.from })) };
      },
      async getClock() {
        return { now: useCases.clock.now().toISOString() };
      },
      async advanceClock(req) {
        return { now: useCases.clock.advance(req.seconds).toISOString() };
      },
    },
    logger,
    carrierSimulatorAccess,
  );
}
