// Type-checks every workspace with its own tsconfig (no emit). Fails on the first error set.
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/engine',
  'packages/contracts',
  'packages/formats',
  'apps/server',
  'apps/web',
  'apps/cli',
  'e2e',
  'bench',
];
let failed = 0;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`typecheck failed: ${project}`);
    failed += 1;
  }
}
process.exit(failed === 0 ? 0 : 1);
