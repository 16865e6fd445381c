// No-starvation bench (ADR 0171): runs apps/server/src/scripts/bench-starvation.ts in its own process (it
// needs the server's `#app/*` imports): 50 clients on a 200-load-point detail while a light route is timed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run(): void {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const script = fileURLToPath(
    new URL('../apps/server/src/scripts/bench-starvation.ts', import.meta.url),
  );
  const out = spawnSync(tsx, [script], { stdio: 'inherit' });
  if (out.status !== 0) console.log(`starvation: bench failed (exit ${out.status})`);
}
