// Figure 6 of `npm run bench`, memory: resident memory (VmRSS of /proc/<pid>/status) of the real
// server (`node src/main.ts` in a data folder of its own, as an operator starts it).
//   (a) The Remote Access Service's cost: the server with REST on, 8 event-stream subscribers on
//       `*` and 1,000 open keep-alive HTTP connections that have each made a request (GET
//       /api/v1/status with a token), minus the same server on the same data folder with REST off
//       (rest.conf enabled = false). Target: under 64 MiB. Measured in alternating rounds (on, off);
//       the median difference is kept. The detail line splits it: REST on and idle, with the 8
//       subscribers, with the 1,000 connections.
//   (b) The whole server (game, plugin and add-on) with 20 bots joined, beside flying-squid alone
//       (bench/vanilla-squid.ts: the same settings, nothing of Core) with the same 20 bots, each on a
//       fresh data folder. Reported, no target.
// Memory is read once the process has settled (2 s quiet, then the median of 2 s of samples).
// BENCH_MEMORY_ROUNDS (3), BENCH_CONNECTIONS_OPEN (1000) and BENCH_BOTS (20) override the defaults.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinBot, quitAll } from '../../test/e2e/support/bots.ts';
import { startRestServer } from '../../test/e2e/support/rest-server.ts';
import { newDataDir, startServer, type ServerProcess } from '../../test/e2e/support/server-process.ts';
import { type Figure, type FigureLine, log } from '../figure.ts';
import { openKeepAliveCrowd, openSockets, settledRssMiB } from '../memory-probe.ts';

const rounds = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS_OPEN ?? 1000);
const botCount = Number(process.env.BENCH_BOTS ?? 20);
const SUBSCRIBERS = 8;
const TARGET_REST_MIB = 64;

const mib = (x: number) => `${x.toFixed(1)} MiB`;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

interface RestOn {
  idle: number;
  subscribed: number;
  loaded: number;
}

/** REST on: idle, then with the subscribers, then with the keep-alive crowd as well. */
async function measureRestOn(dataDir: string, token: string): Promise<RestOn> {
  const rs = await startRestServer({ dataDir, requestsPerMinute: 1_000_000_000 });
  const pid = rs.server.pid;
  try {
    const idle = await settledRssMiB(pid);
    const subs = [];
    for (let i = 0; i < SUBSCRIBERS; i++) subs.push(await rs.subscribe(token, ['*']));
    const subscribed = await settledRssMiB(pid);
    const before = openSockets(pid);
    const crowd = await openKeepAliveCrowd(rs.restPort, '/api/v1/status', token, connections);
    try {
      const loaded = await settledRssMiB(pid);
      // Every connection is still open on both sides when the memory is read.
      const held = openSockets(pid) - before;
      if (crowd.open() !== connections || held < connections) {
        throw new Error(`of ${connections} keep-alive connections ${crowd.open()} were still open (the server held ${held}) when memory was read`);
      }
      return { idle, subscribed, loaded };
    } finally {
      crowd.close();
      for (const s of subs) s.close();
    }
  } finally {
    await rs.stop();
  }
}

/** The same data folder with rest.conf enabled = false. */
async function measureRestOff(dataDir: string): Promise<number> {
  writeFileSync(join(dataDir, 'core-rest', 'rest.conf'), 'enabled = false\n');
  const server = await startServer({ dataDir });
  try {
    return await settledRssMiB(server.pid);
  } finally {
    await server.stop('SIGTERM');
  }
}

async function measureRest(): Promise<FigureLine> {
  const dataDir = newDataDir();
  try {
    const first = await startRestServer({ dataDir });
    const token = await first.token('bench-memory', 'read,events');
    await first.stop();
    const diffs: Array<{ on: RestOn; off: number; diff: number }> = [];
    for (let round = 1; round <= rounds; round++) {
      const on = await measureRestOn(dataDir, token);
      const off = await measureRestOff(dataDir);
      diffs.push({ on, off, diff: on.loaded - off });
      log(
        `round ${round}: REST off ${mib(off)}; REST on idle ${mib(on.idle)}, +${SUBSCRIBERS} subscribers ${mib(on.subscribed)}, +${connections} keep-alive connections ${mib(on.loaded)}: difference ${mib(on.loaded - off)}`,
      );
    }
    const kept = diffs.find((d) => d.diff === median(diffs.map((x) => x.diff))) ?? diffs[0]!;
    return {
      name: `memory: REST on (${SUBSCRIBERS} subs, ${connections} keep-alive) minus REST off`,
      value: median(diffs.map((d) => d.diff)),
      unit: 'MiB',
      target: { max: TARGET_REST_MIB },
      detail: `off ${mib(kept.off)}; on idle +${mib(kept.on.idle - kept.off)}, subscribers +${mib(kept.on.subscribed - kept.on.idle)}, connections +${mib(kept.on.loaded - kept.on.subscribed)} (median of ${rounds})`,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A server on a fresh data folder, `botCount` bots joined one after another, memory read, all stopped. */
async function withBots(start: (dataDir: string) => Promise<ServerProcess>, prefix: string): Promise<number> {
  const dataDir = newDataDir();
  let server: ServerProcess | undefined;
  try {
    server = await start(dataDir);
    for (let i = 0; i < botCount; i++) await joinBot(server.gamePort, `${prefix}${i}`, { timeoutMs: 60000 });
    return await settledRssMiB(server.pid);
  } finally {
    await quitAll();
    await server?.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureBots(): Promise<FigureLine[]> {
  const whole = await withBots(async (dataDir) => (await startRestServer({ dataDir })).server, 'Mem');
  log(`the whole server (REST on) with ${botCount} bots: ${mib(whole)}`);
  const vanilla = await withBots((dataDir) => startServer({ dataDir, launch: { file: process.execPath, args: ['bench/vanilla-squid.ts'] } }), 'Van');
  log(`flying-squid alone with ${botCount} bots: ${mib(vanilla)}`);
  return [
    { name: `memory: the whole server with ${botCount} bots`, value: whole, unit: 'MiB', detail: `${(whole / vanilla).toFixed(2)}x flying-squid alone` },
    { name: `memory: flying-squid alone (vanilla-like) with ${botCount} bots`, value: vanilla, unit: 'MiB' },
  ];
}

export const memoryFigure: Figure = {
  name: 'memory',
  title: `Resident memory: REST on with ${SUBSCRIBERS} subscribers and ${connections} keep-alive connections minus REST off; the whole server and flying-squid alone with ${botCount} bots`,
  run: async () => [await measureRest(), ...(await measureBots())],
};
