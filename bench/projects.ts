// Project API bench: runs apps/server/src/scripts/bench-projects.ts in its own process (it needs the
// server's `#app/*` imports), which saves and calculates a 1,000-load-point project through the API.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run(): void {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const script = fileURLToPath(
    new URL('../apps/server/src/scripts/bench-projects.ts', import.meta.url),
  );
  const out = spawnSync(tsx, [script], { stdio: 'inherit' });
  if (out.status !== 0) console.log(`projects: bench failed (exit ${out.status})`);
}
