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
    // vitest's default on a 2-core machine is one worker (cores − 1): the files then run one after the other
    // while most of them wait on PostgreSQL, PGlite or a child server. Two workers keep both cores busy; every
    // file has its own databases and free ports, and the timeouts are hang guards (60 s), not speed checks.
    maxWorkers: 2,
  },
});
