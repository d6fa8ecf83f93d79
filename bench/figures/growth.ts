// Figure 5 of `npm run bench`, growth: the time per call of four reads of the real server with
// 1 thousand, 100 thousand and 1 million rows behind them:
//   GET /api/v1/players/{uuid}/balance (a different seeded player each call),
//   GET /api/v1/economy/top, GET /api/v1/vote/top (all-time and this month),
//   GET /api/v1/playerwarps (the public listing, first page).
// For each size the real server (`node src/main.ts`) starts once on a fresh data folder to create
// its schema (its own migrations) and a read token, stops, and its SQLite database is seeded directly
// (one prepared INSERT per table in one transaction each: players, wallets, votes and their
// per-period totals, player warps). Then the servers of every size start again, all at once, and
// each route is called many times over keep-alive HTTP (after a warm-up), the calls alternating
// between the sizes so that load from elsewhere on the machine falls on each size alike. Each
// balance read asks for a different player (up to 1,000 calls per size), so none is answered from
// the balance memory. Lines: per route, the median at the largest size divided by the median at 1
// thousand, with each size's median and p99 beside it.
// Target: at most 2.0 (the issue: "the 1-million figure within 2x of the 1-thousand one").
// BENCH_GROWTH_MAX (1000000) caps the largest size; BENCH_GROWTH_CALLS (400) and
// BENCH_GROWTH_WARMUP (100) set the calls per route.

import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { startRestServer, type RestServer } from '../../test/e2e/support/rest-server.ts';
import { newDataDir } from '../../test/e2e/support/server-process.ts';
import { type Figure, type FigureLine, log } from '../figure.ts';
import { seeded } from '../../test/support/seeded.ts';

const maxSize = Number(process.env.BENCH_GROWTH_MAX ?? 1_000_000);
const calls = Number(process.env.BENCH_GROWTH_CALLS ?? 400);
const warmupCalls = Number(process.env.BENCH_GROWTH_WARMUP ?? 100);
const SIZES = [1_000, 100_000, 1_000_000].filter((n) => n <= maxSize);
const TARGET_RATIO = 2.0;
const CURRENCY = 'coins';


/** The seeded player number i's uuid: sequential, so the inserts append to the primary key. */
const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;


const SEEDED_TABLES = ['core_players', 'economy_wallets', 'votes', 'vote_totals', 'playerwarps'];

/**
 * Seeds `n` players (each with a wallet), `n` votes spread over the last year with their totals,
 * and `n` player warps (nine in ten public and active) into the tables the stores read. As a bulk
 * load does: the tables' secondary indexes are dropped, the rows inserted in key order, and the
 * indexes made again from their own definitions (the migrations'). No ANALYZE: the server never runs
 * one, so the plans measured are the ones it makes without statistics.
 */
function seed(file: string, n: number): string {
  const db = new DatabaseSync(file);
  const steps: string[] = [];
  let t0 = Date.now();
  const step = (what: string) => {
    steps.push(`${what} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    t0 = Date.now();
  };
  db.exec('PRAGMA synchronous = OFF');
  db.exec('PRAGMA cache_size = -262144');
  db.exec('PRAGMA temp_store = MEMORY');
  db.exec('PRAGMA threads = 4');
  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${SEEDED_TABLES.map(() => '?').join(', ')})`)
    .all(...SEEDED_TABLES) as Array<{ name: string; sql: string }>;
  for (const ix of indexes) db.exec(`DROP INDEX "${ix.name}"`);
  const rnd = seeded(n);
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  const insertAll = (sqlText: string, rows: number, row: (i: number) => Array<string | number>) => {
    const st = db.prepare(sqlText);
    db.exec('BEGIN');
    for (let i = 0; i < rows; i++) st.run(...row(i));
    db.exec('COMMIT');
  };
  const seen = new Date(now - year).toISOString();
  insertAll('INSERT INTO core_players (uuid, name, name_lower, first_seen, last_seen) VALUES (?, ?, ?, ?, ?)', n, (i) => {
    const name = `Seed${i}`;
    return [uuidOf(i), name, name.toLowerCase(), seen, seen];
  });
  step('players');
  insertAll('INSERT INTO economy_wallets (uuid, currency, balance) VALUES (?, ?, ?)', n, (i) => [uuidOf(i), CURRENCY, Math.floor(rnd() * 1e9)]);
  step('wallets');
  // The voters in uuid order (a vote's id order does not matter to any read).
  const voters = new Int32Array(n);
  for (let i = 0; i < n; i++) voters[i] = Math.floor(rnd() * n);
  voters.sort();
  insertAll('INSERT INTO votes (uuid, service, count, at) VALUES (?, ?, ?, ?)', n, (i) => [
    uuidOf(voters[i]!),
    'bench',
    1 + Math.floor(rnd() * 3),
    new Date(now - Math.floor(rnd() * year)).toISOString(),
  ]);
  step('votes');
  // The boards' totals (votes.store.ts keeps them with each vote): one row per player and period
  // begun, the periods as src/modules/votes/votes.periods.ts starts them (UTC; weeks from Monday).
  db.exec('BEGIN');
  for (const [period, since] of [
    ['all-time', "''"],
    ['monthly', "substr(at, 1, 7) || '-01T00:00:00.000Z'"],
    ['weekly', "date(at, 'weekday 0', '-6 days') || 'T00:00:00.000Z'"],
    ['daily', "substr(at, 1, 10) || 'T00:00:00.000Z'"],
  ]) {
    db.exec(`INSERT INTO vote_totals (period, since, uuid, votes) SELECT '${period}', ${since}, uuid, sum(count) FROM votes GROUP BY 2, uuid ORDER BY 2, uuid`);
  }
  db.exec('COMMIT');
  step('vote totals');
  insertAll(
    `INSERT INTO playerwarps (name, owner, world, x, y, z, yaw, pitch, state, public, description, currency, fee, earnings, visits, created_at)
     VALUES (?, ?, 'world', ?, 64, ?, 0, 0, ?, ?, NULL, ?, 0, 0, ?, ?)`,
    n,
    (i) => {
      const r = rnd();
      const state = r < 0.05 ? 'archived' : 'active';
      const listed = r > 0.95 || r < 0.05 ? 0 : 1;
      return [`w${String(i).padStart(7, '0')}`, uuidOf(Math.floor(rnd() * n)), i % 1000, Math.floor(i / 1000), state, listed, CURRENCY, Math.floor(rnd() * 10_000), seen];
    },
  );
  step('player warps');
  for (const ix of indexes) db.exec(ix.sql);
  step('indexes');
  db.close();
  return steps.join(', ');
}

/** One GET over a keep-alive connection; the time from the request to the whole answer, ms. */
function timedGet(agent: Agent, port: number, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path: `/api/v1${path}`, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (res.statusCode !== 200) reject(new Error(`GET ${path} answered ${res.statusCode}: ${body.slice(0, 300)}`));
        else resolve(ms);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

interface Route {
  name: string;
  /** The path of call number i. */
  path(i: number, size: number): string;
}

const ROUTES: readonly Route[] = [
  { name: 'GET balance', path: (i, size) => `/players/${uuidOf((i * 7919) % size)}/balance` },
  { name: 'GET economy/top', path: () => '/economy/top?limit=10' },
  { name: 'GET vote/top all-time', path: () => '/vote/top?period=all-time&limit=10' },
  { name: 'GET vote/top monthly', path: () => '/vote/top?period=monthly&limit=10' },
  { name: 'GET playerwarps (public listing)', path: () => '/playerwarps?page=1&limit=20' },
];

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** A seeded data folder: the server is started on it once for its schema and a read token. */
async function prepareSize(size: number): Promise<{ size: number; dataDir: string; token: string }> {
  const dataDir = newDataDir();
  try {
    const rs = await startRestServer({ dataDir, requestsPerMinute: 1_000_000_000 });
    let token: string;
    try {
      token = await rs.token('bench-growth', 'read');
    } finally {
      await rs.stop();
    }
    const seeding = Date.now();
    const steps = seed(join(dataDir, 'core', 'core.db'), size);
    log(`${label(size).padStart(4)} rows: seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s (${steps})`);
    return { size, dataDir, token };
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

const label = (size: number): string => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`);

async function measureGrowth(): Promise<FigureLine[]> {
  if (SIZES.length < 2) throw new Error(`BENCH_GROWTH_MAX=${maxSize} leaves fewer than two sizes to compare (sizes: 1000, 100000, 1000000)`);
  const prepared: Array<{ size: number; dataDir: string; token: string }> = [];
  const servers: RestServer[] = [];
  const agents: Agent[] = [];
  try {
    for (const size of SIZES) prepared.push(await prepareSize(size));
    // Every size's server runs at once and the calls alternate between them, so load from elsewhere
    // on the machine falls on every size alike.
    for (const p of prepared) {
      servers.push(await startRestServer({ dataDir: p.dataDir, requestsPerMinute: 1_000_000_000 }));
      agents.push(new Agent({ keepAlive: true, maxSockets: 1 }));
    }
    const call = (k: number, path: string) => timedGet(agents[k]!, servers[k]!.restPort, path, prepared[k]!.token);
    const lines: FigureLine[] = [];
    for (const route of ROUTES) {
      for (let i = 0; i < warmupCalls; i++) for (const [k, p] of prepared.entries()) await call(k, route.path(i, p.size));
      const times: number[][] = prepared.map(() => []);
      for (let i = 0; i < calls; i++) {
        for (const [k, p] of prepared.entries()) times[k]!.push(await call(k, route.path(warmupCalls + i, p.size)));
      }
      const timings = times.map((t) => {
        t.sort((a, b) => a - b);
        return { median: quantile(t, 0.5), p99: quantile(t, 0.99) };
      });
      const detail = timings.map((t, k) => `${label(SIZES[k]!)}: median ${t.median.toFixed(3)} ms, p99 ${t.p99.toFixed(3)} ms`).join('; ');
      log(`${route.name.padEnd(34)} ${detail}`);
      const first = timings[0]!;
      const last = timings[timings.length - 1]!;
      lines.push({ name: `growth: ${route.name} ${label(SIZES[SIZES.length - 1]!)} rows vs 1k`, value: last.median / first.median, unit: 'x', target: { max: TARGET_RATIO }, detail });
    }
    log(`${calls} calls per route and size after ${warmupCalls} warm-up calls, alternating between the sizes' servers, one keep-alive connection each, Node ${process.version}`);
    return lines;
  } finally {
    for (const a of agents) a.destroy();
    for (const rs of servers) await rs.stop();
    for (const p of prepared) rmSync(p.dataDir, { recursive: true, force: true });
  }
}

export const growthFigure: Figure = {
  name: 'growth',
  title: 'Growth: balance read, economy top, vote top and the player-warp listing with 1 thousand, 100 thousand and 1 million rows (median per call)',
  run: () => measureGrowth(),
};
