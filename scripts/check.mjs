// The static checks of `npm test` — ESLint, Prettier, the import-cycle rule (dpdm) and the type check of every
// workspace — as one queue, two at a time. Each tool is single-threaded: run one after the other they left
// one of the CI machine's two cores idle for ~5 minutes. ESLint is split in three parts (web; server and CLI;
// everything else) so that none is the long tail; together they lint exactly what `eslint .` lints.
// `npm run lint` and `npm run typecheck` stay for one kind of check at a time.
import { runQueue } from './run-queue.mjs';
import { typecheckJobs } from './typecheck.mjs';

/** ESLint in three parts along the workspaces' tsconfig projects, so that no type program is built twice. */
const eslintParts = [['apps/web'], ['apps/server', 'apps/cli']];
const eslint = (name, args) => ({
  name,
  command: 'npx',
  args: ['eslint', '--max-warnings', '0', ...args],
});
const jobs = [
  ...eslintParts.map((dirs) => eslint(`eslint ${dirs.join(' ')}`, dirs)),
  eslint('eslint (packages, e2e, bench, scripts)', [
    '.',
    ...eslintParts.flat().flatMap((dir) => ['--ignore-pattern', `${dir}/**`]),
  ]),
  ...typecheckJobs,
  { name: 'prettier --check', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'import cycles (dpdm)', command: 'npm', args: ['run', '-s', 'lint:cycles'] },
];

process.exit((await runQueue(jobs)) === 0 ? 0 : 1);
