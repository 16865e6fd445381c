import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database (password hashes, projects), the JWT secret and the lock file: nobody but the
 * server's own user may read or write it (docs/security.md). The directory is created 0700 (and set to 0700 when it
 * exists already, e.g. created by an earlier version).
 */
export const ensurePrivateDir = (dir: string): void => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
};

/**
 * Takes group and other permissions off every file and directory under `root` (symbolic links are left
 * alone). PGlite writes the files of a new database 0666 (its initial data directory), whatever the umask;
 * files PostgreSQL creates later are 0600 already.
 */
export const restrictTree = (root: string): void => {
  const visit = (p: string): void => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) chmodSync(p, st.mode & 0o700);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
};
