import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { usePglite } from '#app/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Runs once per vitest run: one migrated PGlite, dumped to a file. Every test app loads that dump
 * (loadDataDir) instead of running initdb again, which costs seconds per instance.
 */
export default async function setup(project: TestProject) {
  const client = await PGlite.create();
  const database = await usePglite(client);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `pfahlplaner-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}
