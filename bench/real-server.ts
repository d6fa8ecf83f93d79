// The real server as the benchmark's target: `node src/main.ts` started as an operator starts it
// (a data folder of its own, the game on an ephemeral port, rest.conf with the add-on switched on on
// an ephemeral port), tokens issued at its console, and one player who has joined the game (a real
// mineflayer bot, which then leaves) and holds a balance, so the balance read is the one a
// dashboard makes: a known player, an opened wallet, a row in the database.
//
// The same data folder is started again for each round: the player, the wallet and the token stay
// in the database as they would on a server that restarts.

import { readFileSync, rmSync } from 'node:fs';
import { joinBot, quit } from '../test/e2e/support/bots.ts';
import { startRestServer, type RestServer } from '../test/e2e/support/rest-server.ts';
import { newDataDir } from '../test/e2e/support/server-process.ts';

export interface RealServer {
  readonly pid: number;
  readonly port: number;
  /** The game's port (bots join there). */
  readonly gamePort: number;
  /** Types a line at the server console and waits for a line matching `reply`. */
  console(line: string, reply: RegExp): Promise<string>;
  /** CPU time (user + system) the server process has used, microseconds. */
  cpu(): number;
  /** Every line the server has printed so far. */
  lines(): readonly string[];
  stop(): Promise<void>;
}

export interface BenchPlayer {
  /** A token with the read scope only. */
  token: string;
  uuid: string;
  /** The balance the read answers, as the route answers it. */
  balance: { currency: string; amount: number };
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on every Linux this runs on). */
const TICKS = 100;

function cpuOf(pid: number): number {
  // Fields after the command name (which may hold spaces): utime is field 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1e6) / TICKS;
}

/** BENCH_CPU_PROF=<folder>: the measured server runs with --cpu-prof and writes its profile there at exit. */
const profileDir = process.env.BENCH_CPU_PROF;

const start = (dataDir: string, profile = false): Promise<RestServer> =>
  startRestServer({
    dataDir,
    requestsPerMinute: 1_000_000_000,
    ...(profile && profileDir ? { launch: { file: process.execPath, args: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'src/main.ts'] } } : {}),
  });

function wrap(rs: RestServer): RealServer {
  return { pid: rs.server.pid, port: rs.restPort, gamePort: rs.server.gamePort, console: (line, reply) => rs.console(line, reply), cpu: () => cpuOf(rs.server.pid), lines: () => rs.server.lines, stop: () => rs.stop() };
}

/**
 * A data folder with a player who joined and received a deposit through the API, and a read
 * token. Returns the folder, what the balance read answers, and a way to start the server on it.
 */
export async function prepareRealServer(): Promise<{ player: BenchPlayer; start(): Promise<RealServer>; remove(): void }> {
  const dataDir = newDataDir();
  const rs = await start(dataDir);
  try {
    const writer = await rs.token('bench-writer', 'read,write');
    const token = await rs.token('bench', 'read');
    const bot = await joinBot(rs.server.gamePort, 'BenchPlayer');
    const uuid = bot.player.uuid;
    await quit(bot);
    const deposit = await rs.call('POST', `/players/${uuid}/balance/deposit`, writer, { amount: 250.75 });
    if (deposit.status !== 200 || deposit.json?.ok !== true) throw new Error(`the bench deposit failed: ${deposit.text}`);
    const read = await rs.call('GET', `/players/${uuid}/balance`, token);
    if (read.status !== 200 || read.json?.ok !== true) throw new Error(`the bench balance read failed: ${read.text}`);
    const balance = read.json.data as BenchPlayer['balance'];
    return {
      player: { token, uuid, balance },
      start: async () => wrap(await start(dataDir, true)),
      remove: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await rs.stop();
  }
}

/** The write benchmarks' server (figures 2 and 3): a player with an opened wallet and two tokens. */
export interface WriteBench {
  uuid: string;
  /** A token with read and write (deposits, the balance read). */
  writer: string;
  /** A token with the events scope, for the subscribers. */
  events: string;
  /** Starts the server on the data folder (profiled under BENCH_CPU_PROF); stop it, or kill it, when done. */
  start(): Promise<RestServer>;
  remove(): void;
}

/** A data folder where a player joined (so has a wallet), a writer token and an events token. */
export async function prepareWriteServer(): Promise<WriteBench> {
  const dataDir = newDataDir();
  const rs = await start(dataDir);
  try {
    const writer = await rs.token('bench-writer', 'read,write');
    const events = await rs.token('bench-events', 'events');
    const bot = await joinBot(rs.server.gamePort, 'BenchWriter');
    const uuid = bot.player.uuid;
    await quit(bot);
    return { uuid, writer, events, start: () => start(dataDir, true), remove: () => rmSync(dataDir, { recursive: true, force: true }) };
  } finally {
    await rs.stop();
  }
}

/** CPU time (user + system) a process has used, microseconds (for a RestServer: `cpuOfPid(rs.server.pid)`). */
export const cpuOfPid = cpuOf;
