import type { Request } from 'express';

/**
 * The route template that answered a request (`/v1/accounts/:accountId/messages`),
 * never the raw path; undefined when no route matched. Read once the answer is
 * written (express sets the route while it routes).
 */
export function routeTemplateOf(req: Request): string | undefined {
  const template = (req.route as { path?: unknown } | undefined)?.path;
  return typeof template === 'string' ? `${req.baseUrl}${template}` : undefined;
}
