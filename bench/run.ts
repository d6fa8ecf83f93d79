// `npm run bench`: requests per second of GET /api/v1/status against three targets with the same
// connections and duration (autocannon), each target in its own process:
//   (a) bare node:http answering a fixed JSON body,
//   (b) a bare Fastify route answering the same body,
//   (c) the real add-on: authenticated GET /api/v1/status (rate limit raised so nothing is 429).
// Target: (c) at least 0.75 of (b).
//
// The load generator shares the machine with the target, and other work on a small machine moves
// the numbers from run to run; so the targets are measured in alternating rounds and the best round
// of each is kept, and the server's own CPU time per request is reported beside req/s (a ratio that
// does not depend on how much CPU the load generator leaves over).
// BENCH_SECONDS (5), BENCH_CONNECTIONS (50) and BENCH_ROUNDS (3) override the defaults.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.75;

type Kind = 'node' | 'fastify' | 'addon';
const NAMES: Record<Kind, string> = {
  node: '(a) bare node:http',
  fastify: '(b) bare Fastify',
  addon: '(c) core-rest GET /api/v1/status',
};

interface Measured {
  rps: number;
  p99: number;
  /** Server CPU (user + system) per request, microseconds. */
  cpuPerRequest: number;
  non2xx: number;
  errors: number;
}

async function measure(kind: Kind): Promise<Measured> {
  const child = spawn(process.execPath, [new URL('./target.ts', import.meta.url).pathname, kind], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (u) => resolve((u as NodeJS.CpuUsage).user + (u as NodeJS.CpuUsage).system));
      child.send('cpu');
    });
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
  const url = `http://127.0.0.1:${port}/api/v1/status`;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  try {
    // A short warm-up lets the JIT settle, then the measured run.
    await autocannon({ url, connections, duration: Math.min(2, seconds), headers });
    const before = await cpu();
    const r = await autocannon({ url, connections, duration: seconds, headers });
    const used = (await cpu()) - before;
    const requests = r['2xx'] + r.non2xx;
    return { rps: r.requests.average, p99: r.latency.p99, cpuPerRequest: used / Math.max(1, requests), non2xx: r.non2xx, errors: r.errors + r.timeouts };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const kinds: Kind[] = ['node', 'fastify', 'addon'];
const all: Record<Kind, Measured[]> = { node: [], fastify: [], addon: [] };
for (let round = 1; round <= rounds; round++) {
  for (const kind of kinds) {
    const m = await measure(kind);
    all[kind].push(m);
    process.stdout.write(
      `round ${round} ${NAMES[kind].padEnd(34)} ${Math.round(m.rps).toString().padStart(7)} req/s  ${m.cpuPerRequest.toFixed(1).padStart(5)} µs CPU/req\n`,
    );
  }
}

const best = (kind: Kind): Measured => {
  const runs = all[kind];
  const top = runs.reduce((x, y) => (y.rps > x.rps ? y : x));
  return { ...top, cpuPerRequest: Math.min(...runs.map((r) => r.cpuPerRequest)), non2xx: runs.reduce((n, r) => n + r.non2xx, 0), errors: runs.reduce((n, r) => n + r.errors, 0) };
};
const [a, b, c] = kinds.map(best) as [Measured, Measured, Measured];

process.stdout.write(`\nautocannon: ${connections} connections, ${seconds} s per run (after a 2 s warm-up), best of ${rounds} rounds, Node ${process.version}\n\n`);
for (const [kind, r] of [['node', a], ['fastify', b], ['addon', c]] as const) {
  process.stdout.write(
    `${NAMES[kind].padEnd(34)} ${Math.round(r.rps).toString().padStart(7)} req/s   server CPU ${r.cpuPerRequest.toFixed(1).padStart(5)} µs/req   p99 ${r.p99} ms   non-2xx ${r.non2xx}   errors ${r.errors}\n`,
  );
}
const ratio = c.rps / b.rps;
process.stdout.write(`\n(b)/(a) bare Fastify vs node:http:    ${(b.rps / a.rps).toFixed(3)}\n`);
process.stdout.write(`(c)/(a) core-rest vs node:http:       ${(c.rps / a.rps).toFixed(3)}\n`);
process.stdout.write(`(c)/(b) core-rest vs bare Fastify:    ${ratio.toFixed(3)} req/s (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}\n`);
process.stdout.write(`        the same by server CPU/request: ${(b.cpuPerRequest / c.cpuPerRequest).toFixed(3)}\n`);
if (c.non2xx > 0 || c.errors > 0) process.stdout.write('warning: the add-on answered non-2xx or errors during the run\n');
