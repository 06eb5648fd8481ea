import { Client } from 'pg';
import { pgConnection } from './pg-connection';

export interface NotificationHandlers {
  /** Each NOTIFY on the channel, from any session of the database (this process's included). */
  onNotification(payload: string): void;
  /** The connection is listening again after a loss: notifications sent meanwhile are gone. */
  onResumed(): void;
  /** The connection was lost (or never made); it is retried until stopped. */
  onLost(error: Error): void;
}

export interface Listening {
  /** True while the connection is up and LISTEN has been answered. */
  readonly active: boolean;
  stop(): Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * LISTEN on one channel over a connection of its own (a pooled connection
 * goes back to the pool, and its LISTEN with it), reconnecting with backoff
 * until stopped. Resolves once the first attempt settled, listening or not,
 * so a caller can start with a fallback and switch when it comes up.
 */
export async function listenForNotifications(databaseUrl: string, channel: string, handlers: NotificationHandlers, countStatement: () => void): Promise<Listening> {
  let client: Client | undefined;
  let active = false;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new Client(pgConnection(databaseUrl));
    client = next;
    const lost = (error: Error) => {
      if (client !== next) return;
      client = undefined;
      const wasActive = active;
      active = false;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (stopped) return;
      if (wasActive || failures === 0) handlers.onLost(error);
      failures += 1;
      retry = setTimeout(() => void connect(), Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1)));
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('the listening connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await next.connect();
      countStatement();
      await next.query(`listen ${quoteChannel(channel)}`);
      if (stopped || client !== next) return;
      const resumed = failures > 0;
      failures = 0;
      active = true;
      if (resumed) handlers.onResumed();
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  };

  await connect();
  return {
    get active() {
      return active;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      active = false;
      await open?.end().catch(() => undefined);
    },
  };
}

/** Channel names are identifiers: only the ones this code chooses, quoted. */
function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return `"${channel}"`;
}
