// Figure 1 of `npm run bench`, read throughput: requests per second, measured from outside with
// autocannon, with the same connections and duration against each target, each target in its own
// process:
//   (a) bare node:http answering a fixed JSON body,
//   (b) a bare Fastify route answering the same body,
//   (c) the add-on alone (a harness): authenticated GET /api/v1/status,
//   (d) the real server (`node src/main.ts` in a data folder of its own, as an operator starts it):
//       authenticated GET /api/v1/players/{uuid}/balance of a player who has joined and holds a
//       balance, then the same read at a fixed 2,000 requests per second for its latency.
// Targets: (d) at least 0.70 of (a)'s requests per second, and (d)'s p99 under 5 ms at 2,000 req/s;
// (c) at least 0.75 of (b).
//
// The load generator shares the machine with the target, and other work on a small machine moves
// the numbers from run to run; so the targets are measured in alternating rounds and the best round
// of each is kept, and the server's own CPU time per request is reported beside req/s (a ratio that
// does not depend on how much CPU the load generator leaves over).
// BENCH_SECONDS (5), BENCH_WARMUP (5), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3) and BENCH_RATE
// (2000) override the defaults; BENCH_CPU_PROF=<folder> writes a CPU profile of each real-server
// round there.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { prepareRealServer } from '../real-server.ts';
import { type Figure, type FigureLine, log } from '../figure.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const fixedRate = Number(process.env.BENCH_RATE ?? 2000);
// The real server has far more code for the JIT to settle than a bare server: measured, its
// balance reads kept getting faster for about 5 s of load.
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET_STATUS_RATIO = 0.75;
const TARGET_BALANCE_RATIO = 0.7;
const TARGET_P99_MS = 5;

type Kind = 'node' | 'fastify' | 'addon' | 'real';
const NAMES: Record<Kind, string> = {
  node: '(a) bare node:http',
  fastify: '(b) bare Fastify',
  addon: '(c) add-on GET /api/v1/status',
  real: '(d) real server GET balance',
};

interface Target {
  url: string;
  headers: Record<string, string>;
  /** CPU time (user + system) the target's process has used so far, microseconds. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

interface Measured {
  rps: number;
  p99: number;
  /** Server CPU (user + system) per request, microseconds. */
  cpuPerRequest: number;
  non2xx: number;
  errors: number;
  /** Latency at the fixed rate (for the real server and bare node:http). */
  fixed?: { rps: number; p50: number; p99: number };
}

/** A bench/target.ts child answering GET /api/v1/status. */
async function childTarget(kind: 'node' | 'fastify' | 'addon'): Promise<Target> {
  const child = spawn(process.execPath, [new URL('../target.ts', import.meta.url).pathname, kind], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const stdout = child.stdout;
  if (!stdout) throw new Error('no stdout from the target');
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: stdout });
    rl.once('line', (l) => {
      rl.close();
      resolve(l);
    });
    child.once('exit', (code) => reject(new Error(`${kind} target exited with ${code}`)));
  });
  const { port, token } = JSON.parse(line) as { port: number; token: string | null };
  return {
    url: `http://127.0.0.1:${port}/api/v1/status`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    cpu: () =>
      new Promise<number>((resolve) => {
        child.once('message', (u) => resolve((u as NodeJS.CpuUsage).user + (u as NodeJS.CpuUsage).system));
        child.send('cpu');
      }),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function load(target: Target, withFixedRate: boolean): Promise<Measured> {
  const { url, headers } = target;
  // A warm-up lets the JIT settle, then the measured run.
  await autocannon({ url, connections, duration: warmup, headers });
  const before = await target.cpu();
  const r = await autocannon({ url, connections, duration: seconds, headers });
  const used = (await target.cpu()) - before;
  const requests = r['2xx'] + r.non2xx;
  const m: Measured = { rps: r.requests.average, p99: r.latency.p99, cpuPerRequest: used / Math.max(1, requests), non2xx: r.non2xx, errors: r.errors + r.timeouts };
  if (withFixedRate) {
    // Latency as a client meets it at a steady rate (not at saturation, where it only measures the queue).
    const f = await autocannon({ url, connections: 10, overallRate: fixedRate, duration: seconds, headers });
    m.fixed = { rps: f.requests.average, p50: f.latency.p50, p99: f.latency.p99 };
    m.non2xx += f.non2xx;
    m.errors += f.errors + f.timeouts;
  }
  return m;
}


async function measureReads(): Promise<FigureLine[]> {
  log('preparing the real server: a data folder, tokens from its console, a player who joins and gets a deposit…');
  const real = await prepareRealServer();
  const balancePath = `/api/v1/players/${real.player.uuid}/balance`;

  async function measure(kind: Kind): Promise<Measured> {
    let target: Target;
    if (kind === 'real') {
      const server = await real.start();
      target = {
        url: `http://127.0.0.1:${server.port}${balancePath}`,
        headers: { authorization: `Bearer ${real.player.token}` },
        cpu: async () => server.cpu(),
        stop: () => server.stop(),
      };
    } else target = await childTarget(kind);
    try {
      return await load(target, kind === 'real' || kind === 'node');
    } finally {
      await target.stop();
    }
  }

  const kinds: Kind[] = ['node', 'fastify', 'addon', 'real'];
  const all: Record<Kind, Measured[]> = { node: [], fastify: [], addon: [], real: [] };
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const kind of kinds) {
        const m = await measure(kind);
        all[kind].push(m);
        const fixed = m.fixed ? `   at ${fixedRate} req/s p99 ${m.fixed.p99} ms` : '';
        log(`round ${round} ${NAMES[kind].padEnd(32)} ${Math.round(m.rps).toString().padStart(7)} req/s  ${m.cpuPerRequest.toFixed(1).padStart(5)} µs CPU/req${fixed}`);
      }
    }
  } finally {
    real.remove();
  }

  const best = (kind: Kind): Measured => {
    const runs = all[kind];
    const top = runs.reduce((x, y) => (y.rps > x.rps ? y : x));
    const fixed = runs.flatMap((r) => (r.fixed ? [r.fixed] : []));
    return {
      ...top,
      cpuPerRequest: Math.min(...runs.map((r) => r.cpuPerRequest)),
      non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      ...(fixed.length > 0 ? { fixed: fixed.reduce((x, y) => (y.p99 < x.p99 ? y : x)) } : {}),
    };
  };
  const [a, b, c, d] = kinds.map(best) as [Measured, Measured, Measured, Measured];

  const errors = [c, d].reduce((n, r) => n + r.non2xx + r.errors, 0);
  const detail = (x: Measured, y: Measured) => `${Math.round(x.rps)} vs ${Math.round(y.rps)} req/s; by server CPU/request ${(y.cpuPerRequest / x.cpuPerRequest).toFixed(3)}`;
  const lines: FigureLine[] = [
    { name: 'read: real server GET balance vs bare node:http', value: d.rps / a.rps, unit: 'x', target: { min: TARGET_BALANCE_RATIO }, detail: detail(d, a) },
    { name: 'read: real server GET balance vs bare Fastify', value: d.rps / b.rps, unit: 'x', detail: detail(d, b) },
    { name: `read: real server GET balance p99 at ${fixedRate} req/s`, value: d.fixed?.p99 ?? Number.POSITIVE_INFINITY, unit: 'ms', target: { max: TARGET_P99_MS } },
    { name: 'read: add-on GET status vs bare Fastify', value: c.rps / b.rps, unit: 'x', target: { min: TARGET_STATUS_RATIO }, detail: detail(c, b) },
    { name: 'read: non-2xx answers and errors of the add-on and the real server', value: errors, unit: '', target: { max: 0 } },
  ];
  log(`autocannon: ${connections} connections, ${seconds} s per run (after a ${warmup} s warm-up), best of ${rounds} rounds, Node ${process.version}`);
  return lines;
}

export const readFigure: Figure = {
  name: 'read',
  title: 'Read throughput: GET /players/{uuid}/balance on the real server against bare node:http and bare Fastify; p99 at a fixed rate',
  run: () => measureReads(),
};
