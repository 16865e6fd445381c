import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser journeys start longest first, so that the two browsers finish together: vitest's own order on a
 * clean clone (larger files first) started the longest file (layout, 3 minutes) in the middle of the run, and one
 * browser ran on alone at the end. The seconds are one clean-clone run's file times (2026-11-27, 2 cores); a new
 * file counts as a minute until it is listed. Only the order changes: every file still runs, in its own browser.
 */
const SECONDS: Readonly<Record<string, number>> = {
  'layout.test.ts': 191,
  'workspace.test.ts': 149,
  'team.test.ts': 105,
  'workspace-entry.test.ts': 84,
  'newcomer.test.ts': 68,
  'projects-import.test.ts': 50,
  'security.test.ts': 48,
  'workspace-profile.test.ts': 46,
  'auth.test.ts': 41,
  'workspace-range.test.ts': 40,
  'billing.test.ts': 34,
  'email-change.test.ts': 32,
  'files.test.ts': 29,
  'workspace-loadcase.test.ts': 21,
  'api-docs.test.ts': 10,
  'mail-helper.test.ts': 1,
};
const UNLISTED_SECONDS = 60;

const seconds = (file: TestSpecification) => SECONDS[basename(file.moduleId)] ?? UNLISTED_SECONDS;

export default class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => seconds(b) - seconds(a)));
  }
}
