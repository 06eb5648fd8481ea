import type { Clock } from '@mp/clock';
import type { OutboxWriter, ServiceClients } from '@mp/service-host';
import type { Knex } from 'knex';
import type { WebhookSender } from './deliveries/webhook-sender';
import type { UrlPolicy } from './endpoints/endpoint-request.rules';

/**
 * The other services' calls the dispatcher makes: whether a subaccount belongs
 * to the caller's account (NOT_FOUND when not). Read at call time: the host
 * creates a client on first use.
 */
export interface WebhookClients {
  readonly identity: Pick<ServiceClients['identity'], 'getSendingStanding'>;
}

/** What the webhook use cases work with. */
export interface WebhookDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
  clients: WebhookClients;
  policy: UrlPolicy;
  /** Makes one signed attempt and records it (tests and replays go through it too). */
  sender: WebhookSender;
}
