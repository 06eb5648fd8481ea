import { Controller } from '@tsoa/runtime';
import type { GatewayDeps } from '../app/gateway-deps';

/** Controllers are built per request by the IoC factory with the app's deps. */
export abstract class GatewayController extends Controller {
  constructor(protected readonly deps: GatewayDeps) {
    super();
  }
}
