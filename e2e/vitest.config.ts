import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys: a real server (PGlite in a fresh data dir), a real SMTP server on loopback and
// Debian's Chromium driven by playwright-core. Files run one after another (one browser at a time).
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: ['default', ['json', { outputFile: 'reports/e2e.json' }]],
  },
});
