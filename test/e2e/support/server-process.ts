// Starts the real server (`node src/main.ts`) as a child process on an ephemeral game port with a
// temporary data folder, the way `npm start` runs it, and lets a test read its output, type at
// its console and stop it. Every server a test stops is checked for secrets in its logs
// (docs/reliability.md, "Secrets"): `stop` fails when its output or a file in its logs folder holds
// something shaped like a token's secret, except the console's one reply that shows a new token's.
// In the PostgreSQL pass (CORE_TEST_DATABASE=postgres) a data folder's first start writes its
// core/network.conf naming a fresh PostgreSQL schema; a restart on the same folder finds it there,
// and the schemas go when the test file's tests are done.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { after } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { createTestSchema, TEST_DATABASE, type TestSchema } from '../../support/test-database.ts';
import { copyTestWorld } from '../../support/test-world.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  readonly pid: number;
  readonly dataDir: string;
  readonly gamePort: number;
  /** Every line printed so far (standard output and standard error). */
  readonly lines: string[];
  /** Types a line at the server console. */
  console(line: string): void;
  /** Resolves with the first line (printed from now on, or already printed after `from`) matching. */
  waitForLine(pattern: RegExp, options?: { timeoutMs?: number; from?: number }): Promise<string>;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  readonly exited: Promise<number | null>;
}

/** The TCP ports a process listens on, from /proc (Linux): its socket inodes in LISTEN state. */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // the descriptor closed while we looked
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // f[1] local address:port (hex), f[3] state (0A = LISTEN), f[9] inode
      if (f[3] === '0A' && f[9] !== undefined && inodes.has(f[9])) ports.add(parseInt(f[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/** A token's secret: `crs_` and 43 base64url characters (src/rest/tokens.ts). */
const SECRET = /crs_[A-Za-z0-9_-]{43}/;
/** The console's reply to `coreapi token create` (src/rest/coreapi-command.ts): shown once on the console, never in a file. */
const CREATED_REPLY = /Token [a-z0-9_-]{1,32} created with scopes [a-z,]+\. Secret: crs_[A-Za-z0-9_-]{43}/g;

/**
 * Where the server's output (outside the replies that show a new secret) and its logs folder
 * (archives included) hold something shaped like a secret: one entry per line, the secret masked.
 */
export function secretsInLogs(lines: readonly string[], dataDir: string): string[] {
  const found: string[] = [];
  const mask = (l: string) => l.replace(new RegExp(SECRET, 'g'), 'crs_<secret>');
  for (const l of lines) if (SECRET.test(l.replace(CREATED_REPLY, ''))) found.push(`output: ${mask(l)}`);
  const logs = join(dataDir, 'logs');
  for (const entry of existsSync(logs) ? readdirSync(logs, { withFileTypes: true }) : []) {
    if (!entry.isFile()) continue;
    const name = entry.name;
    const bytes = readFileSync(join(logs, name));
    const text = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    for (const l of text.split('\n')) if (SECRET.test(l)) found.push(`logs/${name}: ${mask(l)}`);
  }
  return found;
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'core-e2e-'));
}

/** Runs main.ts with the given arguments to its end (for --help, --version, bad flags). */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['src/main.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** How the server is started: by default `node src/main.ts` in the repository, as `npm start` runs it. */
export interface Launch {
  file: string;
  /** Arguments before the test's own `--data <dir> --port 0 --online-mode false`. */
  args: string[];
  cwd?: string;
}

export const ROOT_DIR = ROOT;

/** The PostgreSQL schemas of this file's servers, by data folder: a restart on a folder reuses its own. */
const schemas = new Map<string, TestSchema>();
// At the top level: runs once this test file's tests are all done, whichever test started a server.
after(async () => {
  for (const s of schemas.values()) await s.drop();
  schemas.clear();
});

/**
 * In the PostgreSQL pass, gives a data folder without a network.conf one naming a fresh schema (and
 * the server "server", as on SQLite). A folder whose network.conf the test wrote itself keeps it.
 */
export async function prepareDatabase(dataDir: string): Promise<void> {
  if (TEST_DATABASE !== 'postgres') return;
  const file = join(dataDir, 'core', 'network.conf');
  if (existsSync(file)) return;
  const schema = await createTestSchema('server');
  schemas.set(dataDir, schema);
  mkdirSync(join(dataDir, 'core'), { recursive: true });
  // A server on PostgreSQL names itself (docs/network.md); "server" is the name a server on SQLite has.
  writeFileSync(file, `server-name = "server"\ndatabase = ${JSON.stringify(schema.url)}\n`);
}

/** The PostgreSQL URL (with its schema) a data folder's server uses in the PostgreSQL pass; undefined on SQLite. */
export function databaseUrlOf(dataDir: string): string | undefined {
  return schemas.get(dataDir)?.url;
}

export async function startServer(
  options: {
    dataDir?: string;
    args?: string[];
    launch?: Launch;
    /** `fresh`: the server generates its world itself, as on a first start, instead of starting from a copy of the test world. */
    world?: 'test' | 'fresh';
    /** How long to wait for the ready line (120 s: a loaded 2-core machine has taken 46 s). */
    readyTimeoutMs?: number;
  } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? newDataDir();
  await prepareDatabase(dataDir);
  // A folder's first start begins in a copy of the test world (test/support/test-world.ts).
  const world = join(dataDir, 'world');
  if (options.world !== 'fresh' && !existsSync(world)) await copyTestWorld(world);
  const launch = options.launch ?? { file: process.execPath, args: ['src/main.ts'] };
  const child: ChildProcessWithoutNullStreams = spawn(
    launch.file,
    [...launch.args, '--data', dataDir, '--port', '0', '--online-mode', 'false', ...(options.args ?? [])],
    { cwd: launch.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (l: string) => void }>();
  // Lines are kept as printed: a prompt or a terminal code in piped output is a defect to see.
  const onLine = (line: string) => {
    lines.push(line);
    if (process.env.E2E_VERBOSE) process.stderr.write(`[server] ${line}\n`);
    for (const w of [...waiters]) {
      if (w.pattern.test(line)) {
        waiters.delete(w);
        w.resolve(line);
      }
    }
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));

  const waitForLine = (pattern: RegExp, o: { timeoutMs?: number; from?: number } = {}): Promise<string> => {
    const earlier = o.from === undefined ? undefined : lines.slice(o.from).find((l) => pattern.test(l));
    if (earlier !== undefined) return Promise.resolve(earlier);
    return new Promise((res, rej) => {
      const w = {
        pattern,
        resolve: (l: string) => {
          clearTimeout(timer);
          res(l);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(w);
        rej(new Error(`no line matching ${pattern} within ${o.timeoutMs ?? 20000} ms; last lines:\n${lines.slice(-15).join('\n')}`));
      }, o.timeoutMs ?? 20000);
      waiters.add(w);
      void exited.then(() => {
        if (waiters.delete(w)) {
          clearTimeout(timer);
          rej(new Error(`the server exited before printing ${pattern}; last lines:\n${lines.slice(-15).join('\n')}`));
        }
      });
    });
  };

  // Generous: on a loaded 2-core machine a start has taken 46 s (34 s before its first line). A start
  // that does fail takes its server with it, or the server's pipes keep the test process alive forever.
  let ready: string;
  try {
    ready = await waitForLine(/Game server listening on port (\d+)/, { from: 0, timeoutMs: options.readyTimeoutMs ?? 120_000 });
  } catch (e) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    throw e;
  }
  const gamePort = Number(/port (\d+)/.exec(ready)?.[1]);
  return {
    pid: child.pid!,
    dataDir,
    gamePort,
    lines,
    console: (line) => child.stdin.write(line + '\n'),
    waitForLine,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      const leaks = secretsInLogs(lines, dataDir);
      if (leaks.length > 0) throw new Error(`the server's logs hold a secret:\n${leaks.join('\n')}`);
      return code;
    },
    exited,
  };
}
