import type { Country, State } from '@pfahlplaner/contracts';
import { fieldError } from '#app/lib/app-error';
import { COUNTRIES, isKnownCountry, statesOf } from '#app/modules/general/geo-data';

export const generalService = (deps: { termsUrl: string; version: string }) => ({
  termsUrl: () => ({ url: deps.termsUrl }),
  version: () => ({ version: deps.version }),
  countries: (): readonly Country[] => COUNTRIES,
  states: (countryId: string): State[] => {
    if (!isKnownCountry(countryId)) throw fieldError('country_id', 'COUNTRY_NOT_FOUND');
    return statesOf(countryId);
  },
});
export type GeneralService = ReturnType<typeof generalService>;
