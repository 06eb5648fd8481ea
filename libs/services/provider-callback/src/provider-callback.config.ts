import { carrierConnectionsConfigSchema } from '@mp/carrier-connections';
import { optionalStr, type ConfigOf } from '@mp/config';

/**
 * One HMAC secret per provider (DECISIONS "Callbacks"). A provider without a
 * secret is refused outright; in sandbox the platform supplies the documented
 * defaults (`sandbox-sim-secret`, ...) when the variables are unset. Stripe
 * Connect callbacks use CALLBACK_SECRET_STRIPE_CONNECT, else CALLBACK_SECRET_STRIPE.
 * A carrier connection's callbacks are verified with that connection's secrets.
 */
export const providerCallbackConfigSchema = {
  CALLBACK_SECRET_SIM: optionalStr({ secret: true, description: 'HMAC key of the sandbox carrier (sim) callbacks' }),
  CALLBACK_SECRET_STRIPE: optionalStr({ secret: true, description: 'HMAC key of the payment processor (stripe) callbacks' }),
  CALLBACK_SECRET_STRIPE_CONNECT: optionalStr({
    secret: true,
    description: 'HMAC key of the payment processor Connect (stripe/connect) callbacks; CALLBACK_SECRET_STRIPE when unset',
  }),
  CALLBACK_SECRET_TCR: optionalStr({ secret: true, description: 'HMAC key of the 10DLC registry (tcr) callbacks' }),
  // The connections messaging sends through: their callbacks are verified with their own secrets (connection-callbacks/).
  ...carrierConnectionsConfigSchema,
};

export type ProviderCallbackConfig = ConfigOf<typeof providerCallbackConfigSchema>;
