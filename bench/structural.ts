// Lateral + section bench (module `structural`; the case is bench/structural-case.ts). The engine runs as
// production runs it: bundled by esbuild like the server build's calculation worker (apps/server/scripts/build.mjs,
// ADR 0160: no TypeScript loader in production), not through the tsx loader of `npm run bench`. Under tsx the
// same code settles in one of two JIT states per process (the stored calculation at about 180 or 250–280 ms,
// ADR 0209), which measures the development loader rather than the engine.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pp-bench-structural-'));
  try {
    const outfile = path.join(dir, 'structural-case.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./structural-case.ts', import.meta.url))],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      logLevel: 'warning',
    });
    const bundled = (await import(pathToFileURL(outfile).href)) as {
      runStructuralCase: () => void;
    };
    console.log('engine bundled by esbuild as in the production build (ADR 0160, 0209)');
    bundled.runStructuralCase();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
