import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'formats',
    environment: 'node',
    // One module registry per worker, not per file (ADR 0202): importing the server or the engine again for
    // every file cost a third of the unit run. Safe because these tests mock nothing (no vi.mock, vi.stubGlobal
    // or fake timers) and every file opens its own databases, apps and ports; module caches are keyed by content.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
