// A log file in the data folder's logs/ that rolls as vanilla Minecraft and Paper roll latest.log:
// a file left by an earlier run is archived at start, and while running the file is archived when
// the first line of a new local day comes. An archive is `<prefix>YYYY-MM-DD-N.log.gz`: the date of
// its last line, N counting from 1 per date. Lines are written in batches, asynchronously, one write
// in flight at a time; gzip runs as a stream in the background, never in the game's tick.

import { closeSync, createReadStream, createWriteStream, existsSync, mkdirSync, openSync, readdirSync, renameSync, statSync, write, writeSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { localDate } from './log.ts';

export interface RollingLogFileOptions {
  /** The logs folder (created when absent). */
  dir: string;
  /** The live file's name: `latest.log`, `access.log`. */
  fileName: string;
  /** What archives' names start with before the date: '' for latest.log, `access-` for access.log. */
  archivePrefix: string;
  /** The time of a line written without one (tests move it). */
  now?: () => Date;
  /** A failure to write, archive or compress; never reported into this file. */
  onError?: (message: string, error: unknown) => void;
  /**
   * How long lines gather before one write, in milliseconds. 0 (the default): until the event
   * loop's next turn. A file written once per request (the access log) waits longer, so that a
   * busy server makes a few writes a second rather than one every few dozen requests: each write
   * goes through libuv's thread pool and wakes its threads and then the event loop.
   */
  batchMs?: number;
}

/** Lines queued at which a gathering batch is written at once, whatever `batchMs` says. */
const BATCH_LINES = 8192;

export interface RollingLogFile {
  readonly path: string;
  /** Queues one line (without its newline); `time` decides the day it belongs to. */
  write(line: string, time?: Date): void;
  /** Resolves when every line queued so far is written (and archives begun so far are compressed). */
  flush(): Promise<void>;
  /** Writes what is queued at once, for a process that exits without `close()`. */
  flushSync(): void;
  /** Writes every queued line, finishes the archives and closes the file; later lines are dropped. */
  close(): Promise<void>;
}

/** In the queue: archive the file here, under this date (the day its lines belong to). */
interface Roll {
  roll: string;
}

export function openRollingLogFile(options: RollingLogFileOptions): RollingLogFile {
  const { dir, fileName, archivePrefix } = options;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? (() => undefined);
  const path = join(dir, fileName);
  const leftover = new RegExp(`^${escapeRegExp(archivePrefix)}\\d{4}-\\d\\d-\\d\\d-\\d+\\.log$`);
  const compressions = new Set<Promise<void>>();

  const compress = (archive: string) => {
    const done = pipeline(createReadStream(archive), createGzip(), createWriteStream(`${archive}.gz`))
      .then(() => unlink(archive))
      .catch((e: unknown) => onError(`could not compress ${archive}`, e));
    compressions.add(done);
    void done.finally(() => compressions.delete(done));
  };

  /** Moves the live file aside under its archive name (a rename: instant) and gzips it in the background. */
  const archive = (date: string) => {
    const taken = new Set(readdirSync(dir));
    let n = 1;
    while (taken.has(`${archivePrefix}${date}-${n}.log`) || taken.has(`${archivePrefix}${date}-${n}.log.gz`)) n++;
    const target = join(dir, `${archivePrefix}${date}-${n}.log`);
    renameSync(path, target);
    compress(target);
  };

  mkdirSync(dir, { recursive: true });
  // An archive whose compression a crash cut short is compressed again (it was renamed first).
  for (const name of readdirSync(dir)) if (leftover.test(name)) compress(join(dir, name));
  if (existsSync(path)) {
    const stat = statSync(path);
    if (stat.size > 0) archive(localDate(stat.mtime));
  }
  let fd = openSync(path, 'a');
  let dayEnd = nextLocalMidnight(now());

  let queue: Array<string | Roll> = [];
  let draining: Promise<void> | undefined;
  let closed = false;
  const batchMs = options.batchMs ?? 0;
  /** Ends the current gathering wait at once (a flush, a close, a full batch). */
  let writeNow: (() => void) | undefined;

  const gather = () =>
    new Promise<void>((resolve) => {
      if (batchMs <= 0) {
        setImmediate(resolve);
        return;
      }
      const done = () => {
        clearTimeout(timer);
        writeNow = undefined;
        resolve();
      };
      const timer = setTimeout(done, batchMs);
      writeNow = done;
    });

  const writeChunk = (chunk: string) =>
    new Promise<void>((resolve) =>
      write(fd, chunk, (e) => {
        if (e) onError(`could not write ${path}`, e);
        resolve();
      }),
    );

  const drain = async () => {
    // Lines logged in the same phase of the event loop (every request read in one poll, say), or
    // within `batchMs`, go out in one write: a write per line would cost a system call per API call.
    await gather();
    while (queue.length > 0) {
      const next = queue.findIndex((item) => typeof item !== 'string');
      const lines = (next === -1 ? queue : queue.slice(0, next)) as string[];
      const roll = next === -1 ? undefined : (queue[next] as Roll);
      queue = next === -1 ? [] : queue.slice(next + 1);
      if (lines.length > 0) await writeChunk(lines.join('\n') + '\n');
      if (roll) {
        // Once a day: a close, a rename and an open, each a quick metadata call.
        try {
          closeSync(fd);
          archive(roll.roll);
        } catch (e) {
          onError(`could not archive ${path}`, e);
        }
        try {
          fd = openSync(path, 'a');
        } catch (e) {
          onError(`could not reopen ${path}; no more lines go to it`, e);
          closed = true;
          queue = [];
        }
      }
    }
    draining = undefined;
  };

  return {
    path,
    write(line, time = now()) {
      if (closed) return;
      if (time.getTime() >= dayEnd) {
        queue.push({ roll: localDate(new Date(dayEnd - 1)) });
        dayEnd = nextLocalMidnight(time);
      }
      queue.push(line);
      draining ??= drain();
      if (queue.length >= BATCH_LINES) writeNow?.();
    },
    async flush() {
      while (draining) {
        writeNow?.();
        await draining;
      }
      await Promise.all([...compressions]);
    },
    flushSync() {
      if (closed) return;
      const lines = queue.filter((item): item is string => typeof item === 'string');
      queue = [];
      if (lines.length > 0) writeSync(fd, lines.join('\n') + '\n');
    },
    async close() {
      // Lines may come while the last batch is written; the file closes only with nothing queued.
      while (!closed && (draining || queue.length > 0 || compressions.size > 0)) await this.flush();
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

function nextLocalMidnight(t: Date): number {
  return new Date(t.getFullYear(), t.getMonth(), t.getDate() + 1).getTime();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
