// Event-stream subscribers for the write benchmarks, in a process of their own (so parsing tens of
// thousands of events a second does not take CPU from the load generator):
//   node bench/subscribers.ts <rest port> <events token> <count>
// Opens <count> WebSocket connections to /api/v1/events, subscribes each to `*`, and sends
// 'ready' over IPC once every one is subscribed. For each economy.wallet-credit event it keeps the
// transaction id and the arrival time (process.hrtime in ms: CLOCK_MONOTONIC, the same clock in
// every process of the machine, so it compares with the load generator's answer times). On the
// IPC message 'report' it answers what each subscriber received; on 'close' it closes and exits.

import { hrtime } from 'node:process';
import WebSocket from 'ws';

export interface Received {
  /** Transaction ids of the wallet-credit events, in arrival order. */
  ids: string[];
  /** Arrival time of each, ms on the monotonic clock. */
  at: number[];
  /** Events of other names (other areas' events are carried on `*` too). */
  others: number;
  /** Whether the connection closed before the report (a dropped subscriber). */
  closed: boolean;
}

export const nowMs = (): number => Number(hrtime.bigint()) / 1e6;

async function subscriber(port: number, token: string): Promise<Received> {
  const r: Received = { ids: [], at: [], others: 0, closed: false };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, { headers: { authorization: `Bearer ${token}` } });
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`the event stream refused a subscriber: HTTP ${res.statusCode}`)));
    ws.on('message', function onMessage(raw) {
      const at = nowMs();
      const msg = JSON.parse(String(raw)) as { event: string; data?: Record<string, unknown> };
      if (msg.event === 'subscribed') resolve();
      else if (msg.event === 'connected') ws.send(JSON.stringify({ subscribe: ['*'] }));
      else if (msg.event === 'economy.wallet-credit') {
        r.ids.push(String(msg.data?.['transaction-id']));
        r.at.push(at);
      } else r.others++;
    });
  });
  ws.on('close', () => {
    r.closed = true;
  });
  subscribers.push(ws);
  return r;
}

const subscribers: WebSocket[] = [];

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [port, token, count] = [Number(process.argv[2]), String(process.argv[3]), Number(process.argv[4] ?? 8)];
  const received = await Promise.all(Array.from({ length: count }, () => subscriber(port, token)));
  process.send?.('ready');
  process.on('message', (m) => {
    if (m === 'report') process.send?.({ received });
    if (m === 'close') {
      for (const ws of subscribers) ws.close();
      process.disconnect();
      process.exit(0);
    }
  });
}
