// Type-checks every workspace with its own tsconfig (no emit), two at a time (CI machines have 2 cores;
// each tsc is single-threaded). Each project's output is printed when it ends; fails if any project fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const projects = [
  'apps/web',
  'apps/server',
  'packages/engine',
  'packages/formats',
  'packages/contracts',
  'apps/cli',
  'e2e',
  'bench',
];
const concurrency = Math.max(1, Math.min(2, availableParallelism()));

const check = (project) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '--noEmit', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (output.trim()) process.stdout.write(output);
      if (code !== 0) console.error(`typecheck failed: ${project}`);
      resolve(code === 0);
    });
  });

const queue = [...projects];
let failed = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      if (!(await check(project))) failed += 1;
    }
  }),
);
process.exit(failed === 0 ? 0 : 1);
