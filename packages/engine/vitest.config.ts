import { defineProject } from 'vitest/config';

// testTimeout is a hang guard, not a speed check (speed is in `npm run bench`): property tests of 100+ random
// states take ~1 s on a quiet machine and exceeded vitest's 5 s default on a loaded CI machine.
export default defineProject({
  test: {
    name: 'engine',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
