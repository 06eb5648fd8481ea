import { isE164 } from '@mp/addresses';
import { str, type ConfigOf, type Field } from '@mp/config';

// `+` and a country code plus area digits; with the 7 sequence digits the number stays within E.164's 15.
const NUMBER_PREFIX = /^\+[1-9][0-9]{0,7}$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

function checked(base: Field<string>, test: RegExp, expectation: string): Field<string> {
  return {
    ...base,
    parse(raw) {
      const value = base.parse(raw);
      if (!test.test(value)) throw new Error(`must be ${expectation}, got "${value}"`);
      return value;
    },
  };
}

/** With its 7 sequence digits a prefix must make numbers the E.164 rule accepts (a length possible for the country code). */
function makingPossibleNumbers(base: Field<string>): Field<string> {
  return {
    ...base,
    parse(raw) {
      const value = base.parse(raw);
      if (!isE164(`${value}0000000`)) throw new Error(`must make numbers of a possible length for their country code with 7 more digits, got "${value}"`);
      return value;
    },
  };
}

/** How sandbox accounts' senders look (DECISIONS "Numbers"). */
export const routingConfigSchema = {
  SANDBOX_NUMBER_PREFIX: makingPossibleNumbers(
    checked(str({ default: '+1555', description: 'sandbox numbers are this prefix plus 7 unique digits' }), NUMBER_PREFIX, "'+' and 1 to 8 digits"),
  ),
  SANDBOX_EMAIL_DOMAIN: checked(
    str({ default: 'sandbox.messaging.local', description: 'domain of the sandbox email sender addresses' }),
    DOMAIN,
    'a domain name',
  ),
};

export type RoutingConfig = ConfigOf<typeof routingConfigSchema>;
