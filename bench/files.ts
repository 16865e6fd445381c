// File routes bench (targets in docs/benchmarks.md): runs apps/server/src/modules/files/bench-files.ts in its own process (it
// needs the server's `#app/*` imports), which imports a 2,000-row .xlsx and renders the PDF of 200 load
// points through a real server on loopback.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run(): void {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const script = fileURLToPath(
    new URL('../apps/server/src/modules/files/bench-files.ts', import.meta.url),
  );
  const out = spawnSync(tsx, [script], { stdio: 'inherit' });
  if (out.status !== 0) console.log(`files: bench failed (exit ${out.status})`);
}
