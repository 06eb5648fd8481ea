import { Readable } from 'node:stream';
import type { Request as ExRequest } from 'express';
import { CARRIER_SIGNATURE_HEADERS } from '@mp/contracts';
import { Get, Hidden, NoSecurity, Path, Post, Request, Route } from '@tsoa/runtime';
import { GatewayController } from '../common/gateway-controller';

export interface CallbackReceived {
  received: boolean;
}

/**
 * Carrier, registry and payment callbacks (not called by customers, so not in
 * the public contract). Carriers: `carriers/{carrier}` (Meta's handshake GET
 * and webhooks POST), `carriers/{carrier}/{kind}` (an http connection's or the
 * sandbox carrier's `receipts|inbound`, Twilio's `status|inbound`); the
 * connection named answers in its protocol's way. Then `stripe`,
 * `stripe/connect` (connected-account events) and `tcr` (10DLC registry). The
 * raw bytes and signature go to provider-callback, which checks it before
 * anything is processed (401 when missing or wrong) and processes a repeated
 * event once (answered 200 all the same).
 */
@Route('v1/webhooks')
@Hidden()
export class ProviderCallbacksController extends GatewayController {
  @Get('carriers/{carrier}')
  @NoSecurity()
  public async carrierHandshake(@Path() carrier: string, @Request() req: ExRequest): Promise<CallbackReceived | Readable> {
    return this.forwardCarrier(carrier, '', req);
  }

  @Post('carriers/{carrier}')
  @NoSecurity()
  public async carrierWebhook(@Path() carrier: string, @Request() req: ExRequest): Promise<CallbackReceived | Readable> {
    return this.forwardCarrier(carrier, '', req);
  }

  @Post('carriers/{carrier}/{kind}')
  @NoSecurity()
  public async carrier(@Path() carrier: string, @Path() kind: string, @Request() req: ExRequest): Promise<CallbackReceived | Readable> {
    return this.forwardCarrier(carrier, kind, req);
  }

  @Post('stripe/connect')
  @NoSecurity()
  public async stripeConnect(@Request() req: ExRequest): Promise<CallbackReceived> {
    return this.forward('stripe', 'connect', req);
  }

  @Post('{provider}')
  @NoSecurity()
  public async provider(@Path() provider: string, @Request() req: ExRequest): Promise<CallbackReceived> {
    return this.forward(provider, '', req);
  }

  private async forwardCarrier(carrier: string, route: string, req: ExRequest): Promise<CallbackReceived | Readable> {
    const signatures: Record<string, string> = {};
    for (const name of CARRIER_SIGNATURE_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') signatures[name] = value;
    }
    const at = req.originalUrl.indexOf('?');
    const answer = await this.deps.clients['provider-callback'].handleCarrierCallback({
      carrier,
      route,
      method: req.method,
      rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      // As received: Twilio signs the URL with its query string.
      query: at < 0 ? '' : req.originalUrl.slice(at + 1),
      signatures,
    });
    if (answer.body === undefined) return { received: true };
    // Meta's challenge as text, Twilio's TwiML: the body exactly, not JSON.
    this.setHeader('Content-Type', answer.contentType ?? 'text/plain');
    return Readable.from([answer.body]);
  }

  private async forward(provider: string, kind: string, req: ExRequest): Promise<CallbackReceived> {
    const signature = req.headers['x-signature'];
    await this.deps.clients['provider-callback'].ingestCallback({
      provider,
      kind,
      rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      signature: typeof signature === 'string' ? signature : '',
    });
    return { received: true };
  }
}
