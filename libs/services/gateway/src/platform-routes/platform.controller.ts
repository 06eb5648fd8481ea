import type { Request as ExRequest, Response as ExResponse } from 'express';
import { readinessBody } from '@mp/service-host';
import { Get, Hidden, NoSecurity, Request, Route } from '@tsoa/runtime';
import { GatewayController } from '../common/gateway-controller';
import { publicOpenApi } from './openapi-document';

/** Liveness or readiness. */
export interface HealthStatus {
  status: string;
}

/** A part a hosted service runs on without (ServiceDegradation). */
export interface ReadinessDegradation {
  service: string;
  component: string;
  name: string;
  reason: string;
}

/** Readiness: `ok`, `degraded` (still ready, naming what is) or `unavailable` (503). */
export interface ReadinessStatus extends HealthStatus {
  degradations?: ReadinessDegradation[];
}

/** Liveness, readiness and the published contract (spec 9.2). */
@Route('')
@Hidden()
export class PlatformController extends GatewayController {
  @Get('healthz')
  @NoSecurity()
  public async healthz(): Promise<HealthStatus> {
    return { status: 'ok' };
  }

  /**
   * Ready when identity (which every request needs) answers, and not stopping. The rate-limit
   * store's ping never fails: without Redis the gateway still serves, limits per replica.
   * In the all-in-one process it names what its hosted services report degraded (200 all the same).
   */
  @Get('readyz')
  @NoSecurity()
  public async readyz(): Promise<ReadinessStatus> {
    try {
      await this.deps.rateLimits.ping();
      await this.deps.clients.identity.getSigningKeys({}, { deadlineMs: 2000 });
      if (this.deps.lifecycle?.draining) throw new Error('draining');
      return readinessBody((await this.deps.degradations?.()) ?? []);
    } catch {
      this.setStatus(503);
      return { status: 'unavailable' };
    }
  }

  @Get('openapi/public.json')
  @NoSecurity()
  public async openApiJson(): Promise<unknown> {
    return publicOpenApi(this.deps.config.PUBLIC_BASE_URL).json;
  }

  @Get('openapi/public.yaml')
  @NoSecurity()
  public async openApiYaml(@Request() req: ExRequest): Promise<void> {
    const res = req.res as ExResponse;
    res.status(200).type('application/yaml').send(publicOpenApi(this.deps.config.PUBLIC_BASE_URL).yaml);
  }
}
