// Regenerates the golden files on purpose: `npx tsx packages/engine/test/generate-golden.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { calculateProject } from '../src/public-axial';
import type { ProjectResult } from '../src/public-axial';

const root = new URL('../../../', import.meta.url);
const input = JSON.parse(
  readFileSync(new URL('docs/examples/example-project.json', root), 'utf8'),
) as unknown;
// the load cases have their own golden file (generate-loadcases-golden.ts)
const axialOnly: Partial<ProjectResult> = calculateProject(input, { horizontalLoadCases: 'skip' });
delete axialOnly.horizontal_loadcases;
writeFileSync(
  new URL('packages/engine/test/fixtures/example-project.golden.json', root),
  `${JSON.stringify(axialOnly, null, 2)}\n`,
);
console.log('wrote packages/engine/test/fixtures/example-project.golden.json');
