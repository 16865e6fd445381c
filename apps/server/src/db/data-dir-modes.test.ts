import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#app/config';
import { openEmbedded } from '#app/db/database';

// docs/security.md (other local users): files in DATA_DIR were created world-writable (PGlite writes its initial files 0666).
// The data directory is 0700 and nothing below it has group or other permissions.
const allEntries = (root: string): string[] =>
  readdirSync(root, { recursive: true, encoding: 'utf8' }).map((p) => path.join(root, p));
const mode = (p: string) => lstatSync(p).mode & 0o777;

let base = '';
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('DATA_DIR permissions', () => {
  it('creates the embedded database in a 0700 directory with no group/other permission on any file', async () => {
    base = mkdtempSync(path.join(tmpdir(), 'pfahlplaner-modes-'));
    const dataDir = path.join(base, 'data');
    const database = await openEmbedded(dataDir);
    try {
      expect(mode(dataDir).toString(8)).toBe('700');
      const entries = allEntries(dataDir);
      expect(entries.length).toBeGreaterThan(100); // the whole PGlite data directory was checked
      const open = entries.filter((p) => (mode(p) & 0o077) !== 0);
      expect(open.map((p) => `${mode(p).toString(8)} ${path.relative(dataDir, p)}`)).toEqual([]);
      const otherWritable = entries.filter((p) => (mode(p) & 0o002) !== 0);
      expect(otherWritable).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('tightens a data directory an earlier version left open, and writes the JWT secret 0600', async () => {
    base = mkdtempSync(path.join(tmpdir(), 'pfahlplaner-modes-'));
    const dataDir = path.join(base, 'old');
    mkdirSync(dataDir, { mode: 0o777 });
    writeFileSync(path.join(dataDir, 'leftover.txt'), 'x', { mode: 0o666 });
    // chmod explicitly: mkdir/writeFile modes are reduced by the umask of the test process.
    chmodSync(dataDir, 0o777);
    chmodSync(path.join(dataDir, 'leftover.txt'), 0o666);
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.dataDir).toBe(dataDir);
    expect(mode(dataDir).toString(8)).toBe('700');
    expect(mode(path.join(dataDir, 'jwt-secret')).toString(8)).toBe('600');
    const database = await openEmbedded(dataDir);
    await database.close();
    expect(mode(path.join(dataDir, 'leftover.txt')).toString(8)).toBe('600');
  });
});
