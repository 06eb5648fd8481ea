import type { Request as ExRequest } from 'express';
import { Hidden, NoSecurity, Path, Post, Request, Route } from '@tsoa/runtime';
import { GatewayController } from '../common/gateway-controller';

export interface CallbackReceived {
  received: boolean;
}

/**
 * Carrier, registry and payment callbacks (not called by customers, so not in
 * the public contract): `carriers/{carrier}/receipts|inbound`, `stripe`,
 * `stripe/connect` (connected-account events) and `tcr` (10DLC registry). The
 * raw bytes and `X-Signature` go to provider-callback, which checks the HMAC
 * before anything is processed (401 when missing or wrong) and processes a
 * repeated event id once (answered 200 all the same).
 */
@Route('v1/webhooks')
@Hidden()
export class ProviderCallbacksController extends GatewayController {
  @Post('carriers/{carrier}/{kind}')
  @NoSecurity()
  public async carrier(@Path() carrier: string, @Path() kind: string, @Request() req: ExRequest): Promise<CallbackReceived> {
    return this.forward(carrier, kind, req);
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
