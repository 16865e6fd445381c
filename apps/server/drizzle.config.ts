import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema (no database needed). They run at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
