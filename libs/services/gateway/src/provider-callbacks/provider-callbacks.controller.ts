import type { Request as ExRequest } from 'express';
import { Hidden, NoSecurity, Path, Post, Request, Route } from 'tsoa';
import { GatewayController } from '../common/gateway-controller';

export interface CallbackReceived {
  received: boolean;
}

/**
 * Carrier, registry and payment callbacks (not called by customers, so not in
 * the public contract). The raw bytes and `X-Signature` go to
 * provider-callback, which checks the HMAC before anything is processed.
 */
@Route('v1/webhooks')
@Hidden()
export class ProviderCallbacksController extends GatewayController {
  @Post('carriers/{carrier}/{kind}')
  @NoSecurity()
  public async carrier(@Path() carrier: string, @Path() kind: string, @Request() req: ExRequest): Promise<CallbackReceived> {
    return this.forward(carrier, kind, req);
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
