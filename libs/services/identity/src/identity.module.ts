import { identityV1 } from '@mp/contracts';
import { eventTablesMigration } from '@mp/events';
import { implementService } from '@mp/grpc';
import { identityAccess } from './identity.access';
import type { ServiceDeps, ServiceModule, ServiceParts } from '@mp/service-host';
import { ExternalProviderRegistry, type KeySetFactory } from './external-identities/external-provider-registry';
import { createIdentityHandlers } from './identity.handlers';
import type { IdentityConfig } from './identity-config';
import type { IdentityContext } from './identity-context';
import { sendDueMailJob } from './mail/send-due-mail.job';
import { createSmtpMailSender, type MailSender } from './mail/smtp-mail-sender';
import { identityMigrations } from './migrations';
import { SigningKeyStore } from './signing-keys/signing-key-store';
import { subscriptionConsumer } from './subscriptions/subscription.consumer';
import { webhookDeactivationConsumer } from './webhook-deactivations/webhook-deactivation.consumer';

/** What `create` builds, with the handlers exposed so tests can call them without a network. */
export interface IdentityParts extends ServiceParts {
  handlers: ReturnType<typeof createIdentityHandlers>;
}

/** The host's deps; tests may add local key sets for the external identity providers instead of fetching them. */
export type IdentityDeps = ServiceDeps<IdentityConfig> & { externalKeySets?: KeySetFactory };

/** A ServiceModule whose `create` also hands back the handlers. */
export interface IdentityModule extends ServiceModule<IdentityConfig> {
  create(deps: IdentityDeps): Promise<IdentityParts>;
}

export const identityService: IdentityModule = {
  name: 'identity',
  migrations: [eventTablesMigration, ...identityMigrations],
  async create({ config, db, outbox, clock, logger, externalKeySets }) {
    const externalProviders = new ExternalProviderRegistry(config.EXTERNAL_IDENTITY_PROVIDERS, externalKeySets);
    const ctx: IdentityContext = { config, db, outbox, clock, logger, keys: new SigningKeyStore(db, clock), externalProviders };
    const sender: MailSender | undefined = config.SMTP_URL ? createSmtpMailSender(config.SMTP_URL) : undefined;
    const handlers = createIdentityHandlers(ctx);
    return {
      handlers,
      grpc: [implementService(identityV1.IdentityServiceService, handlers, logger, identityAccess)],
      jobs: [sendDueMailJob({ db, clock, logger, sender })],
      consumers: [subscriptionConsumer({ outbox, clock, logger }), webhookDeactivationConsumer({ config, clock, logger })],
      // The first signing key is made at start-up rather than on the first login.
      start: async () => void (await ctx.keys.current()),
      stop: async () => sender?.close(),
    };
  },
};
