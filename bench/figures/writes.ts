// Figure 2 of `npm run bench`, durable writes: authenticated POST /players/{uuid}/balance/deposit
// on the real server (`node src/main.ts`, as an operator starts it) from BENCH_WRITE_CONNECTIONS
// (50) keep-alive connections, as fast as the answers come, while 8 subscribers hold the event
// stream on `*` (in a process of their own, bench/subscribers.ts). Each deposit is 1 unit; an
// acknowledged deposit is an HTTP 200 answer with ok: true and a transaction id.
//
// Lines:
//   - acknowledged deposits per second over BENCH_SECONDS (5) after a BENCH_WARMUP (5) s warm-up
//     (target: at least 5,000), with the server's CPU time per write beside it (the rate one core
//     would hold, robust when the machine is shared);
//   - acknowledged deposits not applied: the server is killed (SIGKILL, no shutdown) once the load
//     is over, started again on its data folder, and its balance must be the balance before the
//     load plus every acknowledged deposit (target: 0; a balance above it, a deposit applied but not
//     acknowledged, is reported beside);
//   - events missed: for each subscriber, acknowledged deposits whose economy.wallet-credit (matched
//     by transaction id) it never received, summed (target: 0).

import { cpuOfPid, prepareWriteServer } from '../real-server.ts';
import { depositLoad, drain, missed, startSubscribers, type Ack } from '../write-load.ts';
import { type Figure, type FigureLine, log } from '../figure.ts';
import type { RestServer } from '../../test/e2e/support/rest-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const connections = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 50);
const SUBSCRIBERS = 8;
const TARGET_WRITES = 5000;


async function balanceOf(rs: RestServer, uuid: string, token: string): Promise<number> {
  const read = await rs.call('GET', `/players/${uuid}/balance`, token);
  if (read.status !== 200 || read.json?.ok !== true) throw new Error(`the balance read failed: ${read.text}`);
  return (read.json.data as { amount: number }).amount;
}

async function measureWrites(): Promise<FigureLine[]> {
  log('preparing the real server: a data folder, tokens from its console, a player who joins…');
  const bench = await prepareWriteServer();
  try {
    let rs = await bench.start();
    const acks: Ack[] = [];
    const refused = new Map<string, number>();
    let errors = 0;
    let rate = 0;
    let cpuPerWrite = 0;
    let missedEvents = 0;
    let dropped = 0;
    let before = 0;
    try {
      const subs = await startSubscribers(rs.restPort, bench.events, SUBSCRIBERS);
      try {
        before = await balanceOf(rs, bench.uuid, bench.writer);
        for (const [phase, s] of [['warm-up', warmup], ['measured', seconds]] as const) {
          if (s <= 0) continue;
          const cpuBefore = cpuOfPid(rs.server.pid);
          const r = await depositLoad({ port: rs.restPort, token: bench.writer, uuid: bench.uuid, connections, seconds: s, amount: 1 });
          acks.push(...r.acks);
          for (const [why, n] of r.refused) refused.set(why, (refused.get(why) ?? 0) + n);
          errors += r.errors;
          log(`${phase}: ${r.acks.length} acknowledged deposits in ${s} s (${Math.round(r.acks.length / s)}/s), ${r.errors} errors, ${[...r.refused.values()].reduce((a, b) => a + b, 0)} refused`);
          if (phase === 'measured') {
            rate = r.acks.length / s;
            cpuPerWrite = (cpuOfPid(rs.server.pid) - cpuBefore) / Math.max(1, r.acks.length);
          }
        }
        const received = await drain(subs, acks.length);
        missedEvents = missed(acks, received);
        dropped = received.filter((r) => r.closed).length;
        log(`subscribers received ${received.map((r) => r.ids.length).join(', ')} wallet credits of ${acks.length} acknowledged`);
      } finally {
        await subs.close();
      }
    } finally {
      // No shutdown: whatever was acknowledged must already be in the database. (A profiled run,
      // BENCH_CPU_PROF, shuts down instead, as the profile is written at exit.)
      await rs.server.stop(process.env.BENCH_CPU_PROF ? 'SIGTERM' : 'SIGKILL');
    }
    rs = await bench.start();
    let after: number;
    try {
      after = await balanceOf(rs, bench.uuid, bench.writer);
    } finally {
      await rs.stop();
    }
    const difference = Math.round(before + acks.length - after);
    log(`balance before ${before}, after a kill and a restart ${after}, acknowledged ${acks.length}`);
    const refusedText = [...refused].map(([why, n]) => `${n} ${why}`).join(', ');
    return [
      {
        name: `writes: acknowledged deposits per second, ${SUBSCRIBERS} subscribers`,
        value: Math.round(rate),
        unit: 'writes/s',
        target: { min: TARGET_WRITES },
        detail: `${connections} connections, ${seconds} s, server CPU ${Math.round(cpuPerWrite)} µs/write (${Math.round(1e6 / Math.max(1, cpuPerWrite))}/s on one core)${errors || refusedText ? `; ${errors} errors${refusedText ? `, refused: ${refusedText}` : ''}` : ''}`,
      },
      {
        name: `writes: acknowledged deposits not applied (after ${process.env.BENCH_CPU_PROF ? 'SIGTERM' : 'SIGKILL'})`,
        value: Math.max(0, difference),
        unit: '',
        target: { max: 0 },
        detail: difference < 0 ? `${-difference} deposits applied but not acknowledged (client errors: ${errors})` : `${acks.length} acknowledged`,
      },
      {
        name: 'writes: events missed by a subscriber (summed)',
        value: missedEvents,
        unit: '',
        target: { max: 0 },
        detail: `${SUBSCRIBERS} subscribers x ${acks.length} deposits${dropped ? `; ${dropped} subscribers dropped` : ''}`,
      },
    ];
  } finally {
    bench.remove();
  }
}

export const writesFigure: Figure = {
  name: 'writes',
  title: 'Durable writes: POST /players/{uuid}/balance/deposit with 8 subscribers on *; every acknowledged deposit applied and seen',
  run: () => measureWrites(),
};
