// Figure 3 of `npm run bench`, event latency: deposits on the real server at a fixed
// BENCH_EVENT_RATE (1,000) per second for BENCH_SECONDS (5) after a BENCH_WARMUP (5) s warm-up at the
// same rate, from 10 keep-alive connections, with 8 subscribers on `*` in a process of their own
// (bench/subscribers.ts). For each acknowledged deposit and each subscriber: the time from the
// deposit's answer (arrived whole at the load generator) to the arrival of its
// economy.wallet-credit event (matched by transaction id) at that subscriber. Both clocks are the
// machine's monotonic clock. The server emits the event as it commits and then answers, so an
// event may arrive before its answer: such a sample is negative and counted as it is.
// Lines: p99 (target at most 5 ms) and p50 of those times over the measured seconds; the answers'
// own p99 (sent to answered) beside them.

import { prepareWriteServer } from '../real-server.ts';
import { depositLoad, drain, missed, quantile, startSubscribers, type Ack } from '../write-load.ts';
import { type Figure, type FigureLine, log } from '../figure.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const rate = Number(process.env.BENCH_EVENT_RATE ?? 1000);
const CONNECTIONS = 10;
const SUBSCRIBERS = 8;
const TARGET_P99_MS = 5;

const ms = (v: number) => `${v.toFixed(2)} ms`;

async function measureEvents(): Promise<FigureLine[]> {
  log('preparing the real server: a data folder, tokens from its console, a player who joins…');
  const bench = await prepareWriteServer();
  try {
    const rs = await bench.start();
    try {
      const subs = await startSubscribers(rs.restPort, bench.events, SUBSCRIBERS);
      try {
        const load = (s: number) => depositLoad({ port: rs.restPort, token: bench.writer, uuid: bench.uuid, connections: CONNECTIONS, seconds: s, rate, amount: 1 });
        let warmed = 0;
        if (warmup > 0) {
          warmed = (await load(warmup)).acks.length;
          await drain(subs, warmed);
        }
        const r = await load(seconds);
        const acks: Ack[] = r.acks;
        const received = await drain(subs, warmed + acks.length);
        const lost = missed(acks, received);
        const latencies: number[] = [];
        for (const sub of received) {
          const arrival = new Map<string, number>();
          sub.ids.forEach((id, i) => arrival.set(id, sub.at[i]!));
          for (const a of acks) {
            const at = arrival.get(a.id);
            if (at !== undefined) latencies.push(at - a.at);
          }
        }
        const p50 = quantile(latencies, 0.5);
        const p99 = quantile(latencies, 0.99);
        const answerP99 = quantile(
          acks.map((a) => a.at - a.sent),
          0.99,
        );
        const early = latencies.filter((l) => l < 0).length;
        const refused = [...r.refused.values()].reduce((a, b) => a + b, 0);
        log(
          `${acks.length} acknowledged deposits in ${seconds} s (${Math.round(acks.length / seconds)}/s of ${rate} asked), ${r.errors} errors, ${refused} refused; ` +
            `${latencies.length} samples, ${early} events before their answer, max ${ms(Math.max(...latencies))}; answers p99 ${ms(answerP99)}`,
        );
        const detail = `${Math.round(acks.length / seconds)} deposits/s, ${SUBSCRIBERS} subscribers, ${latencies.length} samples${lost ? `, ${lost} events missed` : ''}${r.errors + refused ? `, ${r.errors + refused} deposits not acknowledged` : ''}`;
        return [
          { name: `events: deposit answer to event at a subscriber, p99 at ${rate}/s`, value: p99, unit: 'ms', target: { max: TARGET_P99_MS }, detail },
          { name: `events: deposit answer to event at a subscriber, p50 at ${rate}/s`, value: p50, unit: 'ms', detail: `deposit answers p99 ${ms(answerP99)}` },
        ];
      } finally {
        await subs.close();
      }
    } finally {
      await rs.stop();
    }
  } finally {
    bench.remove();
  }
}

export const eventsFigure: Figure = {
  name: 'events',
  title: 'Event latency: from a deposit answer to its event at each of 8 subscribers on *, at 1,000 deposits per second',
  run: () => measureEvents(),
};
