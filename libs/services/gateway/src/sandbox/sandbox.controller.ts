import { DomainError, echo } from '@mp/problems';
import type { Request as ExRequest } from 'express';
import { Body, Get, NoSecurity, OperationId, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { orNull } from '../common/nullable';
import { GatewayController } from '../common/gateway-controller';
import type { Address } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { advanceSandboxClock } from './sandbox-clock-fanout';
import type {
  AdvanceClockRequest,
  CarrierBehavior,
  CarrierBehaviorRequest,
  ClockReading,
  Mailbox,
  SimulatedInbound,
  SimulateInboundRequest,
} from './sandbox.models';

/** Sandbox-only routes (DECISIONS "Sandbox"): 404 unless SANDBOX=true. */
@Route('v1/sandbox')
@Tags('Sandbox')
@Response<Problem>(400, 'Bad Request')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found (sandbox off)')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class SandboxController extends GatewayController {
  private requireSandbox(req: ExRequest): void {
    if (!this.deps.config.SANDBOX) throw new DomainError('NOT_FOUND', `No route for ${req.method} ${echo(req.path, 256)}.`);
  }

  /**
   * Emails the platform sent to an address, newest first (verification tokens, one-time codes).
   * @summary Read the sandbox mailbox
   */
  @Get('mailbox')
  @NoSecurity()
  @OperationId('readSandboxMailbox')
  public async mailbox(@Query() to: Address, @Request() req: ExRequest): Promise<Mailbox> {
    this.requireSandbox(req);
    const res = await this.deps.clients['carrier-simulator'].listMailbox({ to });
    return { items: res.items.map((m) => ({ to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt ?? '', from: m.from })) };
  }

  /**
   * What the simulated carrier does with this account's messages to `destination`.
   * @summary Set the simulated carrier's behaviour for a recipient
   */
  @Put('carrier-behaviors/{destination}')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('setSandboxCarrierBehavior')
  public async setCarrierBehavior(
    @Path() destination: Address,
    @Body() body: CarrierBehaviorRequest,
    @Request() req: ExRequest,
  ): Promise<CarrierBehavior> {
    this.requireSandbox(req);
    const principal = principalOf(req);
    const res = await this.deps.clients['carrier-simulator'].setCarrierBehavior(
      { accountId: principal.accountId, destination, outcome: body.outcome ?? 'delivered', afterSeconds: body.afterSeconds },
      { principal },
    );
    return { destination: res.destination, outcome: res.outcome, afterSeconds: res.afterSeconds };
  }

  /**
   * A recipient's message to one of your numbers enters exactly like a real
   * one: the simulated carrier posts a signed callback to the platform's
   * carrier inbound route, and the reply then appears in the inbound lists
   * (linked to the message it answers) within a moment. 404 when `to` is not
   * one of your numbers for that channel.
   * @summary Simulate a message from a recipient
   */
  @Post('inbound')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(202, 'Accepted: the carrier will post it')
  @OperationId('simulateInboundMessage')
  public async simulateInbound(@Body() body: SimulateInboundRequest, @Request() req: ExRequest): Promise<SimulatedInbound> {
    this.requireSandbox(req);
    const principal = principalOf(req);
    const res = await this.deps.clients['carrier-simulator'].simulateInbound(
      {
        accountId: principal.accountId,
        subaccountId: principal.subaccountId,
        channelType: body.channelType,
        from: body.from,
        to: body.to,
        body: body.body,
        quotedMessageId: body.quotedMessageId,
      },
      { principal },
    );
    this.setStatus(202);
    return {
      eventId: res.eventId,
      carrierMessageId: res.carrierMessageId,
      channelType: res.channelType as SimulatedInbound['channelType'],
      from: res.from,
      to: res.to,
      body: res.body,
      receivedAt: res.receivedAt ?? '',
      quotedMessageId: orNull(res.quotedMessageId),
    };
  }

  /** @summary Read the sandbox clock */
  @Get('clock')
  @NoSecurity()
  @OperationId('getSandboxClock')
  public async clock(@Request() req: ExRequest): Promise<ClockReading> {
    this.requireSandbox(req);
    const res = await this.deps.clients['carrier-simulator'].getClock({});
    return { now: res.now ?? '' };
  }

  /**
   * Moves the sandbox clock forward and runs the work that became due before answering.
   * @summary Advance the sandbox clock
   */
  @Post('clock/advance')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('advanceSandboxClock')
  public async advance(@Body() body: AdvanceClockRequest, @Request() req: ExRequest): Promise<ClockReading> {
    this.requireSandbox(req);
    return { now: await advanceSandboxClock(this.deps, body.seconds, principalOf(req)) };
  }
}
