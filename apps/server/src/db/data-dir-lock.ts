import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ensurePrivateDir } from '#app/db/data-dir-modes';

export const LOCK_FILE = 'pfahlplaner.lock';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

type LockInfo = { pid: number; host: string; started: string };

/** Lock files this process holds (a pid alone cannot tell us from an earlier process with the same pid, e.g. pid 1 in a container). */
const heldHere = new Set<string>();

const readLock = (file: string): LockInfo | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
};

/**
 * Takes `dataDir/pfahlplaner.lock` (PGlite has no cross-process lock of its own). A lock whose process is
 * gone (crash, kill -9) is stale and taken over. Returns the release function.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      const info: LockInfo = {
        pid: process.pid,
        host: hostname(),
        started: new Date().toISOString(),
      };
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      const sameHost = holder?.host === undefined || holder.host === hostname();
      const inUse =
        holder &&
        sameHost &&
        (holder.pid === process.pid ? heldHere.has(file) : isAlive(holder.pid));
      if (holder && inUse) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${holder.pid} (since ${holder.started}). ` +
            'Stop that server first, or set DATA_DIR to another directory.',
          { cause: error },
        );
      }
      if (holder && !sameHost) {
        throw new Error(
          `The data directory ${dataDir} is locked by host ${holder.host}; remove ${file} if that is stale.`,
          {
            cause: error,
          },
        );
      }
      // Stale lock (dead process, or unreadable half-written file): remove it and try again.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
};
