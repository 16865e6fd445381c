import { describe, expect, it } from 'vitest';
import { countryOptions } from './useCountries';

const countries = [
  { id: 'FR', name_de: 'Frankreich', name_en: 'France' },
  { id: 'CH', name_de: 'Schweiz', name_en: 'Switzerland' },
  { id: 'BE', name_de: 'Belgien', name_en: 'Belgium' },
  { id: 'DE', name_de: 'Deutschland', name_en: 'Germany' },
  { id: 'AT', name_de: 'Österreich', name_en: 'Austria' },
  { id: 'AE', name_de: 'Vereinigte Arabische Emirate', name_en: 'United Arab Emirates' },
];

describe('countryOptions', () => {
  it('lists Germany, Austria and Switzerland first, then the rest by name in the UI language', () => {
    expect(countryOptions(countries, 'de').map((o) => o.label)).toEqual([
      'Deutschland',
      'Österreich',
      'Schweiz',
      'Belgien',
      'Frankreich',
      'Vereinigte Arabische Emirate',
    ]);
    expect(countryOptions(countries, 'en').map((o) => o.value)).toEqual([
      'DE',
      'AT',
      'CH',
      'BE',
      'FR',
      'AE',
    ]);
  });
});
