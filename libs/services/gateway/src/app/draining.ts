import type { RequestHandler, Response } from 'express';

/**
 * Whether the gateway is stopping, and the answers not yet sent: when a stop begins, each of
 * them and every later one closes its connection (`Connection: close`), so a keep-alive client
 * reconnects to a replica that stays rather than reusing a socket about to close.
 */
export class GatewayLifecycle {
  private stopping = false;
  private readonly unanswered = new Set<Response>();

  get draining(): boolean {
    return this.stopping;
  }

  drain(): void {
    this.stopping = true;
    for (const res of this.unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  middleware(): RequestHandler {
    return (_req, res, next) => {
      if (this.stopping) {
        res.setHeader('Connection', 'close');
      } else {
        this.unanswered.add(res);
        res.on('close', () => this.unanswered.delete(res));
      }
      next();
    };
  }
}
