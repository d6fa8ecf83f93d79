// Helpers that exist only for the tests of the console socket and `npm run console`: the client's
// standard streams as a test holds them, a lock naming a running process, and a socket left
// behind by a process that was killed.

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { once } from 'node:events';
import { LOCK_FILE } from './data-folder.ts';
import type { ClientIo } from './console-client.ts';

export interface CapturedIo {
  io: ClientIo;
  /** Standard input, for a test to write to when it was left open. */
  stdin: PassThrough;
  /** Everything written to standard output so far. */
  readonly out: string;
  readonly err: string;
  /** Resolves once standard error holds a match. */
  errMatches(pattern: RegExp): Promise<void>;
}

/** Standard input holding `input` (ended), or left open when undefined; standard error a terminal when `tty`. */
export function captureIo(options: { input?: string; ttyErr?: boolean } = {}): CapturedIo {
  const stdin = new PassThrough();
  if (options.input !== undefined) stdin.end(options.input);
  let out = '';
  let err = '';
  const waiters = new Set<{ pattern: RegExp; done: () => void }>();
  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      out += chunk.toString();
      callback();
    },
  });
  const stderr = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        err += chunk.toString();
        for (const w of [...waiters]) if (w.pattern.test(err)) (waiters.delete(w), w.done());
        callback();
      },
    }),
    { isTTY: options.ttyErr === true },
  );
  return {
    io: { stdin, stdout, stderr },
    stdin,
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    errMatches: (pattern) => (pattern.test(err) ? Promise.resolve() : new Promise((done) => waiters.add({ pattern, done }))),
  };
}

/** A process that runs until stopped, and a lock naming it as the folder's server, started at `started`. */
export async function lockHeldByAnotherProcess(dataDir: string, started: Date): Promise<{ pid: number; stop(): Promise<void> }> {
  const child = spawn('sleep', ['120'], { stdio: 'ignore' });
  await once(child, 'spawn');
  writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: child.pid, startTicks: null, started: started.toISOString() }) + '\n');
  return {
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}

/** Leaves a Unix socket at `path` as a killed server does: a process listens on it and is killed. */
export async function leaveSocketBehind(path: string): Promise<void> {
  const child = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout, 'data');
  child.kill('SIGKILL');
  await once(child, 'exit');
}
