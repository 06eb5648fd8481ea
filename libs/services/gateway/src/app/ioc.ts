import type { IocContainer, IocContainerFactory } from '@tsoa/runtime';
import type { Request } from 'express';
import { gatewayDepsOf, type GatewayDeps } from './gateway-deps';

type ControllerClass = new (deps: GatewayDeps) => unknown;

/** tsoa builds each controller with the deps of the app that received the request. */
export const iocContainer: IocContainerFactory = (request: unknown): IocContainer =>
  ({
    get: (controller: unknown) => new (controller as ControllerClass)(gatewayDepsOf(request as Request)),
  }) as IocContainer;
