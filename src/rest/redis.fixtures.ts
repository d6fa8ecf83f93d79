// A redis-server of a test's own, on an ephemeral port in a temp folder, that the test can stop and
// start again on the same port (the machine's own Redis is never touched).

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestRedis {
  readonly port: number;
  readonly url: string;
  /** Stops the server (its data goes with it: nothing is saved). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
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

  async function start(): Promise<void> {
    const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    child = c;
    const deadline = Date.now() + 10_000;
    while (!(await pong(port))) {
      if (c.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${c.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  async function stop(): Promise<void> {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGKILL');
    await exited;
  }
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
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
