import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './support/longest-first';

// Browser journeys: a real server (PGlite in a fresh data dir), a real SMTP server on loopback and
// Debian's Chromium driven by playwright-core. Two files run at a time, each with its own browser: a journey
// waits on autosave, mail and the server much of the time, so a second browser fills the idle core. Files
// share the server but never an account (every file signs up its own company).
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    // expect.poll waits for a condition; its 1 s default is a speed check on a loaded CI machine (a journey's
    // answer may take seconds there). The timeout is a hang guard.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    // A journey that fails runs once more, from a new account and new browser contexts (ADR 0210). Its first
    // failure, with what the browser and the server did (support/flight-recorder.ts), stays in the report:
    // the summary of `.ci/run` names every journey that passed only on its second try, with that failure.
    retry: 1,
    fileParallelism: true,
    sequence: { sequencer: LongestFirst },
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'reports/e2e.json' }]],
  },
});
