// Runs commands from a queue, `concurrency` at a time (each of them is single-threaded: tsc, eslint, prettier,
// dpdm). Each command's output is printed in one piece when it ends, with its wall time; resolves to the number
// of commands that failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Two at a time on CI machines with 2 cores; never more than the machine has. */
export const defaultConcurrency = () => Math.max(1, Math.min(2, availableParallelism()));

const run = ({ name, command, args }) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${name} (${seconds} s)`);
      resolve(code === 0);
    });
  });

/** @param {{ name: string, command: string, args: string[] }[]} jobs longest first, for a short tail */
export const runQueue = async (jobs, concurrency = defaultConcurrency()) => {
  const queue = [...jobs];
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        if (!(await run(job))) failed += 1;
      }
    }),
  );
  return failed;
};
