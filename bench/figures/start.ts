// Figure 7 of `npm run bench`, start and join: the time from starting the server as `npm start`
// does (`exec node src/main.ts`: the process spawned here directly, without npm's own start-up) to
// its "Game server listening on port" line, on a fresh (empty) data folder and on a second start of
// the same folder; and a bot's join time, from creating the mineflayer client (connect) to its
// spawn: a new player on the fresh world, and the same player again after the restart. Each round
// uses a data folder of its own; the median of the rounds is reported. No targets (reported).
// BENCH_ROUNDS (3) overrides the number of rounds.

import { rmSync } from 'node:fs';
import { joinBot, quit } from '../../test/e2e/support/bots.ts';
import { newDataDir, startServer, type ServerProcess } from '../../test/e2e/support/server-process.ts';
import { type Figure, type FigureLine, log } from '../figure.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Milliseconds from spawning the server to its game-port line (startServer resolves on that line). */
async function timedStart(dataDir: string): Promise<{ server: ServerProcess; ms: number }> {
  const t0 = performance.now();
  const server = await startServer({ dataDir });
  return { server, ms: performance.now() - t0 };
}

/** Milliseconds from creating the bot (it connects at once) to its spawn. */
async function timedJoin(port: number, name: string): Promise<number> {
  const t0 = performance.now();
  const bot = await joinBot(port, name, { timeoutMs: 60000 });
  const ms = performance.now() - t0;
  await quit(bot);
  return ms;
}

interface Round {
  freshStart: number;
  freshJoin: number;
  restart: number;
  rejoin: number;
}

async function round(): Promise<Round> {
  const dataDir = newDataDir();
  try {
    const fresh = await timedStart(dataDir);
    let freshJoin: number;
    try {
      freshJoin = await timedJoin(fresh.server.gamePort, 'Starter');
    } finally {
      await fresh.server.stop('SIGTERM');
    }
    const again = await timedStart(dataDir);
    try {
      return { freshStart: fresh.ms, freshJoin, restart: again.ms, rejoin: await timedJoin(again.server.gamePort, 'Starter') };
    } finally {
      await again.server.stop('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(): Promise<FigureLine[]> {
  const all: Round[] = [];
  for (let i = 1; i <= rounds; i++) {
    const r = await round();
    all.push(r);
    log(`round ${i}: start ${r.freshStart.toFixed(0)} ms (fresh folder), join ${r.freshJoin.toFixed(0)} ms; start ${r.restart.toFixed(0)} ms (same folder), join ${r.rejoin.toFixed(0)} ms`);
  }
  const of = (k: keyof Round) => median(all.map((r) => r[k]));
  const range = (k: keyof Round) => `${Math.min(...all.map((r) => r[k])).toFixed(0)}-${Math.max(...all.map((r) => r[k])).toFixed(0)} ms over ${rounds} rounds`;
  return [
    { name: 'start: npm start to game port open, fresh data folder', value: Math.round(of('freshStart')), unit: 'ms', detail: range('freshStart') },
    { name: 'start: npm start to game port open, second start', value: Math.round(of('restart')), unit: 'ms', detail: range('restart') },
    { name: 'join: a new player on a fresh world, connect to spawn', value: Math.round(of('freshJoin')), unit: 'ms', detail: range('freshJoin') },
    { name: 'join: the same player after a restart, connect to spawn', value: Math.round(of('rejoin')), unit: 'ms', detail: range('rejoin') },
  ];
}

export const startFigure: Figure = {
  name: 'start',
  title: 'Start and join: npm start to the game port open (fresh data folder, second start), a bot from connect to spawn',
  run: () => measure(),
};
