// Compiles the server for `npm start` (ADR 0160): src/server.ts and the calculation and Excel reader workers are
// bundled with esbuild into dist/server.mjs, dist/calc-worker.mjs and dist/xlsx-worker.mjs. The workspace packages (@pfahlplaner/*, consumed as
// TypeScript source, ADR 0001) and the server's own `#app/*` modules are bundled in; every package from
// node_modules stays an external import, loaded by Node from node_modules at run time (PGlite finds its
// WebAssembly files next to its own code, argon2 its native binding). No TypeScript loader runs in production.
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// --outdir: tests build a private copy (it must stay inside the repository: node_modules resolve from there).
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(serverRoot, values.outdir ?? 'dist');

/** Bare imports of node_modules packages stay imports; workspace packages and `#app/*` are bundled. */
const externalPackages = {
  name: 'external-node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('@pfahlplaner/')) return undefined;
      if (path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: serverRoot,
  // The worker keeps the name the pool loads next to its own module (worker-pool.ts: ./calc-worker.mjs).
  entryPoints: {
    server: 'src/server.ts',
    'calc-worker': 'src/modules/calculation/calc-worker.ts',
    // The Excel reader's worker (xlsx-reader.ts loads ./xlsx-worker.mjs next to its own module, ADR 0120).
    'xlsx-worker': 'src/modules/files/xlsx-worker.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // No code splitting: a shared chunk in a subfolder would move import.meta.url of config.ts and
  // worker-pool.ts; the engine is bundled twice (server and worker) instead.
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages],
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
const bytes = outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
process.stdout.write(
  `server build: ${outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB in ${path.relative(process.cwd(), outdir) || '.'} (${Date.now() - started} ms)\n`,
);
