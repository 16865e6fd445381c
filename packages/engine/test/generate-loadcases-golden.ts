// Regenerates the load-case golden file ON PURPOSE:
// `npx tsx packages/engine/test/generate-loadcases-golden.ts`, then review the diff like code.
import { readFileSync, writeFileSync } from 'node:fs';
import { calculateProject } from '../src/index';

const root = new URL('../../../', import.meta.url);
const input = JSON.parse(
  readFileSync(new URL('docs/examples/loadcases-project.json', root), 'utf8'),
) as unknown;
const { horizontal_loadcases, piles } = calculateProject(input);
const golden = {
  toes: piles.map((p) => ({ Pname: p.Pname, Soll_UK_Pfahl: p.Soll_UK_Pfahl })),
  horizontal_loadcases,
};
writeFileSync(
  new URL('packages/engine/test/fixtures/loadcases-project.golden.json', root),
  `${JSON.stringify(golden, null, 2)}\n`,
);
console.log('wrote packages/engine/test/fixtures/loadcases-project.golden.json');
