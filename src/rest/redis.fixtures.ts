// A redis-server of a test's own, on an ephemeral port in a temp folder, that the test can stop and
// start again on the same port (the machine's own Redis is never touched). While it is away the
// port can be held by a stand-in that closes every connection at once, so that a test sees each
// reconnection attempt of its clients; and MONITOR shows the test every command Redis runs, in the
// order it runs them: the fences of tests on what did or did not happen meanwhile.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../test/support/free-ports.ts';

export interface TestRedis {
  readonly port: number;
  readonly url: string;
  /** Stops the server (its data goes with it: nothing is saved). */
  stop(): Promise<void>;
  /**
   * Stops the server and holds its port meanwhile, closing each connection as it opens: Redis is
   * unreachable, and every reconnection attempt of a client is counted (`refused`). `start` and
   * `close` let the port go.
   */
  stopRefusing(): Promise<void>;
  /** Resolves once `n` connections have been refused since `stopRefusing` (rejects after 10 s). */
  refused(n: number): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Watches every command the server runs from now on (MONITOR), until `close`. */
  monitor(): Promise<RedisMonitor>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/** One command as MONITOR shows it: the client's address (`127.0.0.1:51234`) and the command's words. */
export interface MonitoredCommand {
  client: string;
  args: string[];
}

export interface RedisMonitor {
  /** The commands run since the monitor started, in the order the server ran them. */
  readonly seen: readonly MonitoredCommand[];
  /**
   * Sends a command of its own (ECHO) and resolves with its index in `seen` once MONITOR shows it:
   * every command after that index was run after the mark, so after whatever the test saw before it.
   */
  mark(): Promise<number>;
  /** Resolves once `ok(seen)` holds, checked at each command seen (rejects naming `what` after 10 s). */
  until(what: string, ok: (seen: readonly MonitoredCommand[]) => boolean): Promise<void>;
  close(): void;
}


/** Whether the server answers PING with PONG. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(500, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      text += String(d);
      if (text.includes('\r\n')) {
        socket.end();
        resolve(text.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'core-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  /** The stand-in holding the port while the server is stopped (`stopRefusing`). */
  let standIn: Server | undefined;
  let refusedCount = 0;
  let refusedWaiters: Array<() => void> = [];

  async function start(): Promise<void> {
    await letPortGo();
    const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child = c;
    // The server says when it listens; its output is read on to the end so that the pipe never fills.
    const lines = createInterface({ input: c.stdout });
    await settleWithin(10_000, `redis-server on port ${port} to be ready`, (resolve, reject) => {
      lines.on('line', (line) => {
        if (/Ready to accept connections/.test(line)) resolve();
      });
      c.once('exit', (code) => reject(new Error(`redis-server on port ${port} exited with ${code}`)));
    });
    if (!(await pong(port))) throw new Error(`redis-server on port ${port} said it was ready but does not answer PING`);
  }
  async function stop(): Promise<void> {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGKILL');
    await exited;
  }
  async function stopRefusing(): Promise<void> {
    await stop();
    refusedCount = 0;
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.destroy();
      refusedCount++;
      const waiters = refusedWaiters;
      refusedWaiters = [];
      for (const w of waiters) w();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    standIn = server;
  }
  async function letPortGo(): Promise<void> {
    const server = standIn;
    standIn = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  function refused(n: number): Promise<void> {
    return settleWithin(10_000, () => `${n} connections to be refused (${refusedCount} were)`, (resolve) => {
      const check = () => {
        if (refusedCount >= n) resolve();
        else refusedWaiters.push(check);
      };
      check();
    });
  }
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    stopRefusing,
    refused,
    start,
    monitor: () => monitorRedis(port),
    async close() {
      await stop();
      await letPortGo();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A promise that `begin` settles, or that rejects naming `what` after `ms`; its timer is cleared
 * either way, so that it never keeps the process alive.
 */
function settleWithin(ms: number, what: string | (() => string), begin: (resolve: () => void, reject: (e: Error) => void) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${typeof what === 'string' ? what : what()}`)), ms);
    begin(resolve, reject);
  }).finally(() => clearTimeout(timer));
}

/** The words of a MONITOR line: `+1714000000.123456 [0 127.0.0.1:51234] "incrby" "key" "1"`. */
function parseMonitorLine(line: string): MonitoredCommand | undefined {
  const m = /^\+\d+\.\d+ \[\d+ ([^\]]+)\] (.*)$/.exec(line);
  if (!m) return undefined;
  const args = [...(m[2] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((a) => (a[1] ?? '').replace(/\\(.)/g, '$1'));
  return { client: m[1] ?? '', args: args.map((a, i) => (i === 0 ? a.toLowerCase() : a)) };
}

async function monitorRedis(port: number): Promise<RedisMonitor> {
  const seen: MonitoredCommand[] = [];
  let checks: Array<() => void> = [];
  const watching: Socket = connect(port, '127.0.0.1');
  watching.on('error', () => undefined);
  const lines = createInterface({ input: watching, crlfDelay: Infinity });
  let answer: ((line: string) => void) | undefined;
  // One listener from the first line on: the commands after MONITOR's +OK may come in its chunk.
  lines.on('line', (line) => {
    if (answer) {
      answer(line);
      answer = undefined;
      return;
    }
    const command = parseMonitorLine(line);
    if (!command) return;
    seen.push(command);
    const pending = checks;
    checks = [];
    for (const c of pending) c();
  });
  await settleWithin(10_000, `MONITOR on port ${port} to start`, (resolve, reject) => {
    answer = (line) => (line === '+OK' ? resolve() : reject(new Error(`MONITOR answered ${line}`)));
    watching.once('connect', () => watching.write('MONITOR\r\n'));
    watching.once('error', reject);
  });
  const until = (what: string, ok: (seen: readonly MonitoredCommand[]) => boolean): Promise<void> =>
    settleWithin(10_000, what, (resolve) => {
      const check = () => {
        if (ok(seen)) resolve();
        else checks.push(check);
      };
      check();
    });
  let marks = 0;
  return {
    seen,
    async mark() {
      const text = `test-mark-${++marks}`;
      const marking = connect(port, '127.0.0.1');
      marking.on('error', () => undefined);
      marking.once('connect', () => marking.end(`ECHO ${text}\r\n`));
      await until(`the mark ${text} to be run`, (s) => s.some((c) => c.args[0] === 'echo' && c.args[1] === text));
      marking.destroy();
      return seen.findIndex((c) => c.args[0] === 'echo' && c.args[1] === text);
    },
    until,
    close() {
      lines.close();
      watching.destroy();
    },
  };
}

/** Waits until `ok()` holds, polling; throws with `what` after `ms`. */
export async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
