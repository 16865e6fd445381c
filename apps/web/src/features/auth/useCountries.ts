import type { Country } from '@pfahlplaner/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Language } from '../../i18n';
import { authApi } from './api';

export type CountryOption = { value: string; label: string };

/** Country options in the UI language, sorted by name with the DACH countries first. */
export const countryOptions = (
  countries: readonly Country[],
  language: Language,
): CountryOption[] => {
  const first = ['DE', 'AT', 'CH'];
  const collator = new Intl.Collator(language);
  const label = (c: Country) => (language === 'de' ? c.name_de : c.name_en) || c.id;
  return [...countries]
    .sort((a, b) => {
      const ra = first.indexOf(a.id);
      const rb = first.indexOf(b.id);
      if (ra >= 0 || rb >= 0) return (ra < 0 ? 99 : ra) - (rb < 0 ? 99 : rb);
      return collator.compare(label(a), label(b));
    })
    .map((c) => ({ value: c.id, label: label(c) }));
};

export const useCountryOptions = (language: Language) => {
  const query = useQuery({
    queryKey: ['general', 'countries'],
    queryFn: async () => (await authApi.countries()).data,
    staleTime: Infinity,
    retry: 1,
  });
  const options = useMemo(() => countryOptions(query.data ?? [], language), [query.data, language]);
  return { options, isLoading: query.isLoading };
};
