import { z } from 'zod';

/** A country of ISO 3166-1; `id` is the alpha-2 code (`DE`), which companies store as `country_id`. */
export const CountrySchema = z.object({
  id: z.string().length(2),
  name_de: z.string(),
  name_en: z.string(),
});

/** A first-level subdivision of ISO 3166-2 (`DE-BY`, Bayern / Bavaria). */
export const StateSchema = z.object({
  id: z.string(),
  country_id: z.string().length(2),
  name_de: z.string(),
  name_en: z.string(),
});

export const CountryIdSchema = z
  .string({ error: 'REQUIRED' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'COUNTRY_NOT_FOUND' });

/** Query of GET /companies/api/getListStatesByCountryId/?country_id=DE */
export const StatesQuerySchema = z.object({ country_id: CountryIdSchema });

export type Country = z.infer<typeof CountrySchema>;
export type State = z.infer<typeof StateSchema>;
