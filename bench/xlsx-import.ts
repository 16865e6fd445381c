// Excel import of a 12,000-row workbook (ADR 0120): runs
// apps/server/src/modules/files/bench-xlsx-import.ts in its own process (it needs the server's `#app/*`
// imports for the worker reader): file size, unpacked size, time and memory in-process and in the worker.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run(): void {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const script = fileURLToPath(
    new URL('../apps/server/src/modules/files/bench-xlsx-import.ts', import.meta.url),
  );
  const out = spawnSync(tsx, [script], { stdio: 'inherit' });
  if (out.status !== 0) console.log(`xlsx-import: bench failed (exit ${out.status})`);
}
