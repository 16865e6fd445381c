import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A test's PGlite, started from the migrated template of the global setup (ADR 0211). Per test worker, the two
 * WebAssembly modules are compiled once, and PGlite's file bundle and the template are read once: a start then
 * skips the compilation (about 0.45 s of every start on the CI machine). The test instances run with 16 MB of
 * shared buffers instead of PGlite's default: the server zeroes its buffers at every start, which took about
 * half a second more (a test database holds a few hundred rows). Nothing else differs from the product's
 * embedded database (`db/database.ts`, which keeps PGlite's defaults).
 */
const TEST_SHARED_BUFFERS = '16MB';

type Assets = {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
};

let assets: Promise<Assets> | undefined;
const templates = new Map<string, Promise<Blob>>();

const loadAssets = async (): Promise<Assets> => {
  // the package's main entry lies in dist/, beside its .wasm and .data files
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [pglite, initdb, data] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((name) => readFile(path.join(dist, name))),
  );
  return {
    pgliteWasmModule: await WebAssembly.compile(pglite!),
    initdbWasmModule: await WebAssembly.compile(initdb!),
    fsBundle: new Blob([data!]),
  };
};

/** A new in-memory PGlite holding the template's data (`template`: a `dumpDataDir` file), or an empty one. */
export const startTestPglite = async (template: string | undefined): Promise<PGlite> => {
  assets ??= loadAssets();
  let loadDataDir: Promise<Blob> | undefined;
  if (template) {
    loadDataDir = templates.get(template) ?? readFile(template).then((bytes) => new Blob([bytes]));
    templates.set(template, loadDataDir);
  }
  return PGlite.create({
    ...(await assets),
    ...(loadDataDir ? { loadDataDir: await loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${TEST_SHARED_BUFFERS}`],
  });
};
