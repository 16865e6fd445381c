import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Pure utilities run in node; component tests opt into jsdom with a `@vitest-environment jsdom` docblock
// (jsdom + antd costs seconds per file, so keep those few).
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
