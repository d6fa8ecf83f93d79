// The write benchmarks' load (figures 2 and 3): authenticated deposits over keep-alive HTTP, each
// answer read (an acknowledged deposit is HTTP 200 with ok: true and its transaction id), and the
// subscribers' process (bench/subscribers.ts) started, asked for what it received, and closed.

import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { nowMs, type Received } from './subscribers.ts';

export { nowMs };

export interface Ack {
  id: string;
  /** When the answer had arrived whole, ms on the monotonic clock. */
  at: number;
  /** When the request was sent. */
  sent: number;
}

export interface LoadResult {
  acks: Ack[];
  /** Answers that were not an acknowledged deposit (another status, ok: false), by a short reason. */
  refused: Map<string, number>;
  /** Requests that got no answer (a socket error). */
  errors: number;
}

export interface LoadOptions {
  port: number;
  token: string;
  uuid: string;
  /** Deposits in flight at once (one keep-alive connection each). */
  connections: number;
  /** How long to send, seconds. */
  seconds: number;
  /** A fixed rate in deposits per second over all connections; as fast as answers come without it. */
  rate?: number;
  /** The amount of each deposit. */
  amount: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Deposits for `seconds`, from `connections` keep-alive connections. */
export async function depositLoad(o: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
  const body = JSON.stringify({ amount: o.amount });
  const headers = { authorization: `Bearer ${o.token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  const path = `/api/v1/players/${o.uuid}/balance/deposit`;
  const result: LoadResult = { acks: [], refused: new Map(), errors: 0 };
  const refuse = (why: string) => result.refused.set(why, (result.refused.get(why) ?? 0) + 1);

  const deposit = () =>
    new Promise<void>((resolve) => {
      const sent = nowMs();
      const req = request({ host: '127.0.0.1', port: o.port, method: 'POST', path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const at = nowMs();
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { ok?: boolean; code?: string; data?: { 'transaction-id'?: string } };
            const id = json.data?.['transaction-id'];
            if (res.statusCode === 200 && json.ok === true && typeof id === 'string') result.acks.push({ id, at, sent });
            else refuse(`HTTP ${res.statusCode} ${json.code ?? ''}`.trim());
          } catch {
            refuse(`HTTP ${res.statusCode} (not JSON)`);
          }
          resolve();
        });
        res.on('error', () => {
          result.errors++;
          resolve();
        });
      });
      req.on('error', () => {
        result.errors++;
        resolve();
      });
      req.end(body);
    });

  const start = nowMs();
  const end = start + o.seconds * 1000;
  let next = 0;
  const worker = async () => {
    for (;;) {
      if (o.rate !== undefined) {
        // Open loop: deposit i is due at start + i / rate, whatever the answers before it took.
        const due = start + (next++ * 1000) / o.rate;
        if (due >= end) return;
        const wait = due - nowMs();
        if (wait > 0) await sleep(wait);
      } else if (nowMs() >= end) return;
      await deposit();
    }
  };
  await Promise.all(Array.from({ length: o.connections }, worker));
  agent.destroy();
  return result;
}

export interface Subscribers {
  /** What each subscriber received so far. */
  report(): Promise<Received[]>;
  close(): Promise<void>;
}

/** `count` subscribers on `*` in a process of their own, every one subscribed when this resolves. */
export async function startSubscribers(port: number, token: string, count: number): Promise<Subscribers> {
  const child: ChildProcess = spawn(process.execPath, [new URL('./subscribers.ts', import.meta.url).pathname, String(port), token, String(count)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(`subscribers said ${String(m)}`))));
    child.once('exit', (code) => reject(new Error(`the subscribers' process exited with ${code}`)));
  });
  return {
    report: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve((m as { received: Received[] }).received));
        child.send('report');
      }),
    async close() {
      if (child.exitCode === null && child.connected) child.send('close');
      await exited;
    },
  };
}

/**
 * Waits until every subscriber has received `expected` wallet credits, or until nothing more has
 * arrived for `quietMs`; answers the last report.
 */
export async function drain(subs: Subscribers, expected: number, quietMs = 3000): Promise<Received[]> {
  let last = -1;
  let since = nowMs();
  for (;;) {
    const received = await subs.report();
    const total = received.reduce((n, r) => n + r.ids.length, 0);
    if (received.every((r) => r.ids.length >= expected)) return received;
    if (total !== last) {
      last = total;
      since = nowMs();
    } else if (nowMs() - since > quietMs) return received;
    await sleep(200);
  }
}

/** Acknowledged deposits a subscriber did not receive, summed over the subscribers. */
export function missed(acks: readonly Ack[], received: readonly Received[]): number {
  let n = 0;
  for (const r of received) {
    const got = new Set(r.ids);
    for (const a of acks) if (!got.has(a.id)) n++;
  }
  return n;
}

/** The q-quantile (0..1) of the values, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
