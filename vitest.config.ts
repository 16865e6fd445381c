import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace. The browser journeys live in e2e/vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      'packages/engine',
      'packages/contracts',
      'packages/formats',
      'apps/server',
      'apps/web',
      'apps/cli',
    ],
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
  },
});
