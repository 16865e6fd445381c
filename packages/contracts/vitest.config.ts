import { defineProject } from 'vitest/config';

// testTimeout is a hang guard, not a speed check (speed is in `npm run bench`).
export default defineProject({
  test: {
    name: 'contracts',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
