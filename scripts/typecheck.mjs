// Type-checks every workspace with its own tsconfig (no emit), two at a time (scripts/run-queue.mjs).
import { runQueue } from './run-queue.mjs';

export const typecheckJobs = [
  'apps/web',
  'apps/server',
  'packages/engine',
  'packages/formats',
  'packages/contracts',
  'apps/cli',
  'e2e',
  'bench',
].map((project) => ({
  name: `tsc -p ${project}`,
  command: 'npx',
  args: ['tsc', '--noEmit', '-p', project],
}));

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await runQueue(typecheckJobs)) === 0 ? 0 : 1);
}
