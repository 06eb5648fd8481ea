/**
 * Where POST /v1/numbers can pick a free number (ISO 3166-1 alpha-2). Sandbox
 * numbers of a country are its prefix plus 7 digits of the sandbox number
 * sequence: US and CA share the North American plan's fictional 555 range
 * (SANDBOX_NUMBER_PREFIX when it is a +1 prefix), GB uses mobile numbers
 * under +44 770.
 */
export const PICKABLE_COUNTRIES = ['US', 'CA', 'GB'] as const;
export type PickableCountry = (typeof PICKABLE_COUNTRIES)[number];

const CALLING_CODES: Record<PickableCountry, string> = { US: '1', CA: '1', GB: '44' };

export function isPickableCountry(value: string): value is PickableCountry {
  return (PICKABLE_COUNTRIES as readonly string[]).includes(value);
}

export const callingCodeOf = (country: PickableCountry): string => CALLING_CODES[country];

/** The prefix a picked sandbox number of `country` starts with. */
export function sandboxPrefixFor(country: PickableCountry, configuredPrefix: string): string {
  if (country === 'GB') return '+44770';
  return configuredPrefix.startsWith('+1') ? configuredPrefix : '+1555';
}
