// The data folder and its lock (docs/running-the-server.md, "One server per data folder"). Two servers on
// one folder would both write the world, the inventories and core.db, so the folder is locked
// with `session.lock`, as vanilla locks its world. Node has no portable advisory file lock, so
// the lock is a file created exclusively that names its process; a lock whose process is gone
// (a crash, a kill -9, a container restarted) is stale and taken over.

import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup-failure.ts';

export const LOCK_FILE = 'session.lock';

interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is not mistaken for the owner. */
  startTicks: string | null;
  /** ISO 8601, for the operator. */
  started: string;
}

export interface DataFolderLock {
  readonly file: string;
  /** Removes the lock if it is still this process's. Safe to call twice. */
  release(): void;
}

/** Field 22 of /proc/<pid>/stat: when the process started. null where /proc is not there. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return undefined;
    return {
      pid: parsed.pid,
      startTicks: typeof parsed.startTicks === 'string' ? parsed.startTicks : null,
      started: typeof parsed.started === 'string' ? parsed.started : 'an unknown time',
    };
  } catch {
    return undefined;
  }
}

/** A lock younger than this without an owner in it is still being written. */
const FRESH_MS = 2000;

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Whether the process named in a lock still runs (and is the same process, not a reused pid). */
function holds(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false;
  if (!isAlive(owner.pid)) return false;
  if (owner.startTicks === null) return true;
  const now = startTicksOf(owner.pid);
  return now === null || now === owner.startTicks;
}

/**
 * Makes sure the data folder is a folder (creating it on a first start) and locks it. Throws a
 * StartupError naming the folder and the process holding it when another server runs on it;
 * nothing is written then.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  let isDir: boolean;
  try {
    isDir = statSync(dataDir).isDirectory();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new StartupError(`The data folder ${dataDir} cannot be read: ${(e as Error).message}`);
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (made) {
      throw new StartupError(`The data folder ${dataDir} cannot be created: ${(made as Error).message}`);
    }
    isDir = true;
  }
  if (!isDir) throw new StartupError(`The data folder ${dataDir} is a file, not a folder; choose a folder with --data.`);

  const file = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, startTicks: startTicksOf(process.pid), started: new Date().toISOString() };
  const body = JSON.stringify(me) + '\n';
  // Two tries: the second after a stale lock is removed. Two servers taking over one stale lock at
  // once both remove it, but only one creates the new file; the other finds it held.
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new StartupError(`The data folder ${dataDir} cannot be locked: ${(e as Error).message}`);
      const owner = readOwner(file);
      // A lock just created by a server starting this instant may not hold its owner yet.
      if (!owner && Date.now() - mtimeOf(file) < FRESH_MS) break;
      if (owner && holds(owner)) {
        throw new StartupError(
          `The data folder ${dataDir} is in use by another server (process ${owner.pid}, started ${owner.started}); stop it first or choose another folder with --data.`,
        );
      }
      rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, body);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      file,
      release() {
        if (released) return;
        released = true;
        if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
      },
    };
  }
  throw new StartupError(`The data folder ${dataDir} is being locked by another server starting at the same time; try again.`);
}

/**
 * The server holding the folder now, read from its lock (undefined: none, or the lock is stale).
 * For `npm run console` (src/console-client.ts), to tell a server still starting from no server.
 */
export function folderHolder(dataDir: string): { pid: number; started: string } | undefined {
  const owner = readOwner(join(dataDir, LOCK_FILE));
  return owner && holds(owner) ? { pid: owner.pid, started: owner.started } : undefined;
}
