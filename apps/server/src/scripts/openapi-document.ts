import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '#app/app';
import { testConfig } from '#app/config';
import { usePglite } from '#app/db/database';

/**
 * The OpenAPI document as JSON text, built from the route schemas of a throw-away app (in-memory database,
 * production off so that the development routes are listed too, marked with the tag `development`).
 */
export const openapiDocument = async (): Promise<string> => {
  const database = await usePglite(await PGlite.create());
  try {
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    return text;
  } finally {
    await database.close();
  }
};
