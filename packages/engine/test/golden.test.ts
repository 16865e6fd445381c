import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateProject } from '../src/public-axial';
import type { ProjectResult } from '../src/public-axial';

// Golden file of the example project. Regenerate ON PURPOSE with
// `npx tsx packages/engine/test/generate-golden.ts` and review the diff like code.
const root = new URL('../../../', import.meta.url);

describe('calculateProject golden files', () => {
  it('reproduces docs/examples/example-project.json', () => {
    const input = JSON.parse(
      readFileSync(new URL('docs/examples/example-project.json', root), 'utf8'),
    ) as unknown;
    const golden = JSON.parse(
      readFileSync(
        new URL('packages/engine/test/fixtures/example-project.golden.json', root),
        'utf8',
      ),
    ) as unknown;
    // the load cases have their own golden file (loadcases-golden.test.ts)
    const result: Partial<ProjectResult> = calculateProject(input, { horizontalLoadCases: 'skip' });
    delete result.horizontal_loadcases;
    expect(JSON.parse(JSON.stringify(result))).toEqual(golden);
  });
});
