import {
  BackendVersionSchema,
  CountrySchema,
  StateSchema,
  StatesQuerySchema,
  TermsUrlSchema,
} from '@pfahlplaner/contracts';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import type { GeneralService } from '#app/modules/general/general.service';

export const generalRoutes = (app: App, general: GeneralService) => {
  app.get(
    '/general/api/getTermConditionURL/',
    {
      schema: {
        tags: ['general'],
        summary: 'Link to the terms and conditions',
        response: responses(200, TermsUrlSchema, []),
      },
    },
    () => ok(general.termsUrl()),
  );
  app.get(
    '/general/api/getBackendVersion/',
    {
      schema: {
        tags: ['general'],
        summary: 'Version of the API server',
        response: responses(200, BackendVersionSchema, []),
      },
    },
    () => ok(general.version()),
  );
  app.get(
    '/companies/api/getListCountries/',
    {
      schema: {
        tags: ['general'],
        summary: 'All ISO 3166-1 countries (id = alpha-2 code)',
        response: responses(200, z.array(CountrySchema), []),
      },
    },
    () => ok(general.countries()),
  );
  app.get(
    '/companies/api/getListStatesByCountryId/',
    {
      schema: {
        tags: ['general'],
        summary: 'ISO 3166-2 states of a country (DE, AT, CH; other countries give an empty list)',
        querystring: StatesQuerySchema,
        response: responses(200, z.array(StateSchema), [400]),
      },
    },
    (request) => ok(general.states(request.query.country_id)),
  );
};
