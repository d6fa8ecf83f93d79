// Figure 4 of `npm run bench`, ticks under load: the game loop's tick interval as the server itself
// measures it (the platform records every tick; the `tps <seconds>` console command summarises the
// last seconds), on the real server (`node src/main.ts` in a data folder of its own):
//   1. idle: no player online, nothing asked of the add-on, for BENCH_TICKS_SECONDS;
//   2. 20 mineflayer bots join (reported: how long the joins took and the longest tick gap meanwhile);
//   3. under load: the bots walk about (each its own way, turning every few seconds, so the world
//      generates and sends new chunks) while autocannon reads a balance at full rate
//      (GET /api/v1/players/{uuid}/balance, BENCH_CONNECTIONS connections), for BENCH_TICKS_SECONDS.
// Targets: the interval's p99 under load at most 1.2 times its p99 idle; at least 19.5 ticks per
// second under load (the game's rate is 20: 19.5 allows one late tick in 40, and is the rate the
// `tps` command shows green). The longest gap under load is reported beside them.
// BENCH_TICKS_SECONDS (30, at most 60: the recorder keeps a minute), BENCH_BOTS (20),
// BENCH_CONNECTIONS (50) override the defaults; BENCH_CPU_PROF=<folder> writes a CPU profile of the
// measured server there (see bench/real-server.ts).

import { joinBot, kickText, quit, sleep, type Bot } from '../../test/e2e/support/bots.ts';
import { getPriority, setPriority } from 'node:os';
import { autocannonApart } from '../autocannon-apart.ts';
import { prepareRealServer, type RealServer } from '../real-server.ts';
import { type Figure, type FigureLine, log } from '../figure.ts';

const seconds = Math.min(60, Number(process.env.BENCH_TICKS_SECONDS ?? 30));
const botCount = Number(process.env.BENCH_BOTS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The bots' priority (nice, of the benchmark's process once the server has started): clients stand for other machines. */
const clientNice = Number(process.env.BENCH_CLIENT_NICE ?? 5);
/** The read load's priority below the bots' (nice, added to theirs): it must not starve them either. */
const loadNice = Number(process.env.BENCH_LOAD_NICE ?? 10);
const TARGET_P99_RATIO = 1.2;
const TARGET_TPS = 19.5;


/** What `tps <seconds>` answers. */
export interface TpsReading {
  windowSeconds: number;
  ticks: number;
  tps: number;
  p50: number;
  p99: number;
  max: number;
}

const TPS_LINE = /TPS ([\d.]+) over the last (\d+) s \((\d+) ticks\); tick interval p50 ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms/;

export function parseTps(line: string): TpsReading {
  const m = TPS_LINE.exec(line);
  if (!m) throw new Error(`not a tps line: "${line}"`);
  const [tps, windowSeconds, ticks, p50, p99, max] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return { windowSeconds, ticks, tps, p50, p99, max };
}

async function readTps(server: RealServer, windowSeconds: number): Promise<TpsReading> {
  return parseTps(await server.console(`tps ${Math.max(1, Math.min(60, Math.round(windowSeconds)))}`, TPS_LINE));
}

const show = (r: TpsReading) => `${r.tps.toFixed(2)} ticks/s, interval p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (${r.ticks} ticks in ${r.windowSeconds} s)`;

/** Keeps a bot walking: forward, turning to a new direction every 2-5 s, jumping now and then over the terrain. */
function walk(bot: Bot): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const turn = () => {
    if (stopped) return;
    void bot.look(Math.random() * 2 * Math.PI, 0, true).catch(() => {});
    bot.setControlState('forward', true);
    bot.setControlState('jump', Math.random() < 0.3);
    timer = setTimeout(turn, 2000 + Math.random() * 3000);
  };
  turn();
  return () => {
    stopped = true;
    clearTimeout(timer);
    bot.clearControlStates();
  };
}

async function measureTicks(): Promise<FigureLine[]> {
  log('preparing the real server: a data folder, tokens from its console, a player with a balance…');
  const real = await prepareRealServer();
  const bots: Bot[] = [];
  const stops: Array<() => void> = [];
  let server: RealServer | undefined;
  /** Bots disconnected before the end (a kick or a lost connection would make the load lighter). */
  let left = 0;
  const leftNames: string[] = [];
  /** Set once measuring is over: the bots quitting then are not counted as lost. */
  let finished = false;
  try {
    server = await real.start();
    // The bots and the read load stand for clients on other machines: on this machine they take
    // the CPU the server leaves (the server, started above, keeps the normal priority).
    if (clientNice) setPriority(Math.min(19, getPriority() + clientNice));
    // Start-up work (the spawn area, the JIT) settles before the idle window begins.
    await sleep(5000);
    await sleep(seconds * 1000);
    const idle = await readTps(server, seconds);
    log(`idle: ${show(idle)}`);

    const joinStart = Date.now();
    // One after the other, as players arrive (two joining at the same moment can be sent a spawn
    // of the other without its uuid and be disconnected: see docs/performance.md).
    for (let i = 0; i < botCount; i++) {
      const bot = await joinBot(server.gamePort, `Walker${i}`, { timeoutMs: 60000 });
      bots.push(bot);
      bot.once('kicked', (reason) => {
        log(`${bot.username} was kicked: ${kickText(reason)}`);
      });
      bot.once('end', (reason: unknown) => {
        if (finished) return;
        left++;
        leftNames.push(bot.username);
        log(`${bot.username} left: ${String(reason)}`);
      });
      stops.push(walk(bot));
    }
    const joinSeconds = (Date.now() - joinStart) / 1000;
    const joining = await readTps(server, Math.ceil(joinSeconds));
    log(`${botCount} bots joined in ${joinSeconds.toFixed(1)} s: ${show(joining)}`);

    // The window under load starts with the reads; the bots keep walking throughout.
    const url = `http://127.0.0.1:${server.port}/api/v1/players/${real.player.uuid}/balance`;
    const reads = await autocannonApart({ url, connections, duration: seconds, headers: { authorization: `Bearer ${real.player.token}` } }, { nice: loadNice });
    const loaded = await readTps(server, seconds);
    const online = bots.length - left;
    log(`under load (${online} bots walking, ${Math.round(reads.requests.average)} reads/s): ${show(loaded)}`);

    // What the server said of the bots that left (a kick, a keep-alive timeout).
    for (const name of leftNames) for (const line of server.lines().filter((l) => l.includes(name)).slice(-3)) log(`  server: ${line}`);
    const readErrors = reads.non2xx + reads.errors + reads.timeouts;
    return [
      {
        name: 'ticks: p99 tick interval under load / idle',
        value: loaded.p99 / idle.p99,
        unit: 'x',
        target: { max: TARGET_P99_RATIO },
        detail: `p99 ${loaded.p99} ms under load vs ${idle.p99} ms idle`,
      },
      {
        name: `ticks: ticks per second, ${botCount} bots walking + reads at full rate`,
        value: loaded.tps,
        unit: 'ticks/s',
        target: { min: TARGET_TPS },
        detail: `${Math.round(reads.requests.average)} reads/s, ${readErrors} non-2xx/errors; ${online} of ${botCount} bots online at the end`,
      },
      { name: 'ticks: longest tick interval under load', value: loaded.max, unit: 'ms', detail: `idle max ${idle.max} ms` },
      { name: `ticks: longest tick interval while ${botCount} bots joined`, value: joining.max, unit: 'ms', detail: `${joinSeconds.toFixed(1)} s to join, ${joining.tps.toFixed(2)} ticks/s` },
    ];
  } finally {
    finished = true;
    for (const stop of stops) stop();
    await Promise.all(bots.map((b) => quit(b)));
    await server?.stop();
    real.remove();
  }
}

export const ticksFigure: Figure = {
  name: 'ticks',
  title: `Ticks under load: tick interval p99 with ${botCount} bots walking and balance reads at full rate, against idle; ticks per second`,
  run: () => measureTicks(),
};
