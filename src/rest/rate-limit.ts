// Fixed one-minute windows (docs/decisions.md, "HTTP behaviour"), counted in memory so a request never waits for the
// database or Redis. Windows are aligned to the minute of the clock (12:00:00 to 12:00:59.999, …).
//
// Sharing (several servers, docs/network.md): each server keeps its own in-memory counts and, on a
// timer, adds what it admitted since the last exchange to a shared count per bucket and minute,
// which tells it what all servers together admitted. A request is admitted when (admitted here +
// admitted elsewhere as last read) is under the limit. So no request costs a round-trip; the price
// is that the shared count is at most one interval old: across N servers a token can exceed its
// limit by what the other servers admitted within that interval.
// - Redis (network.conf `redis`, ./rate-redis.ts): token buckets every 200 ms. While Redis is away
//   the limiter falls back to the database (below) or to counting alone, and says so once.
// - The database (PostgreSQL): every `flushMs` (1 s), a row per bucket and minute in
//   `rest_rate_windows` (`INSERT … ON CONFLICT DO UPDATE SET count = count + n RETURNING count`).
// A single server on SQLite counts purely in memory (a restart starts the current minute afresh).
// Each bucket remembers how much it added to each shared place, so a count is never added twice
// when the limiter moves from one to the other, and the others' counts read in both are summed.

import type { Database, Migration } from '../core/db.ts';
import { migrate, sql } from '../core/db.ts';
import type { Logger } from '../core/log.ts';
import type { LinkState } from './redis-link.ts';

export const WINDOW_MS = 60_000;

export const RATE_MIGRATIONS: readonly Migration[] = [
  {
    name: '002-rate-windows',
    async up(db) {
      await db.schema
        .createTable('rest_rate_windows')
        .addColumn('bucket', 'varchar(160)', (c) => c.notNull())
        .addColumn('minute', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rest_rate_windows_pk', ['bucket', 'minute'])
        .execute();
    },
  },
];

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in this window after this one. */
  remaining: number;
  /** Whole seconds until the window rolls (at least 1). */
  resetSeconds: number;
}

/** A place the counts are shared through besides the database: Redis (./rate-redis.ts). */
export interface RateShare {
  /** For log lines. */
  readonly name: string;
  readonly flushMs: number;
  /** Whether it can take an exchange now; `pending` before the first connection. */
  state(): LinkState;
  /** Whether it shares this bucket (`token:7`, `addr:1.2.3.4`). */
  shares(bucket: string): boolean;
  /** Adds each delta to its bucket's count of the minute; answers the counts after, in the same order. */
  add(minute: number, entries: ReadonlyArray<{ bucket: string; delta: number }>): Promise<number[]>;
}


interface Bucket {
  minute: number;
  /** Admitted by this server in this window. */
  local: number;
  /** Of `local`, how many were added to the database's row, and to the network's (Redis) count. */
  sentDb: number;
  sentNet: number;
  /** Admitted by the other servers in this window, as last read from the database and from the network. */
  othersDb: number;
  othersNet: number;
}

/** Where the counts are shared now; `starting` until the network share first answers or fails. */
type Mode = 'starting' | 'network' | 'database' | 'alone';

/** The bucket of failed authentication (and of the reference while it is public) for a remote address. */
export function addressBucket(address: string | undefined): string {
  return `addr:${address ?? 'unknown'}`;
}

export function isAddressBucket(bucket: string): boolean {
  return bucket.startsWith('addr:');
}

export interface RateLimiter {
  /** Counts one request against the bucket (e.g. `token:7`, `addr:1.2.3.4`) and decides. */
  take(bucket: string, nowMs: number): RateDecision;
  /** Shared mode: exchanges counts with the database now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /**
   * Requests per window of a bucket; a function is read at each request (rest.conf can change it at
   * reload), and may give token and address buckets their own limits.
   */
  limit: number | ((bucket: string) => number);
  log: Logger;
  /** Sharing through the database: on by default for PostgreSQL, off for SQLite. */
  database?: Database;
  shared?: boolean;
  flushMs?: number;
  /** Sharing through Redis, in preference to the database while it is reachable. */
  network?: RateShare;
  /** For sweeping; defaults to Date.now. */
  now?: () => number;
}

export async function createRateLimiter(o: RateLimiterOptions): Promise<RateLimiter> {
  const shared = o.database !== undefined && (o.shared ?? o.database.kind === 'postgres');
  const net = o.network;
  const now = o.now ?? Date.now;
  const dbFlushMs = o.flushMs ?? 1000;
  const buckets = new Map<string, Bucket>();
  const fixed = o.limit;
  const limitOf = typeof fixed === 'function' ? fixed : () => fixed;
  if (shared && o.database) await migrate(o.database, 'core-rest', RATE_MIGRATIONS);

  let flushing: Promise<void> | undefined;
  let lastSweepMinute = 0;
  let lastDbExchange = 0;
  let mode: Mode = net ? 'starting' : shared ? 'database' : 'alone';

  async function exchangeDb(): Promise<void> {
    const db = o.database?.db;
    if (!db) return;
    const minute = Math.floor(now() / WINDOW_MS);
    for (const [key, b] of buckets) {
      if (b.minute !== minute) continue;
      const delta = b.local - b.sentDb - b.sentNet;
      let total: number;
      if (delta > 0) {
        b.sentDb += delta;
        const row = await db
          .insertInto('rest_rate_windows')
          .values({ bucket: key, minute, count: delta })
          .onConflict((oc) => oc.columns(['bucket', 'minute']).doUpdateSet({ count: sql`rest_rate_windows.count + ${delta}` }))
          .returning('count')
          .executeTakeFirst();
        total = Number(row?.count ?? b.sentDb);
      } else {
        const row = await db
          .selectFrom('rest_rate_windows')
          .select('count')
          .where('bucket', '=', key)
          .where('minute', '=', minute)
          .executeTakeFirst();
        total = Number(row?.count ?? b.sentDb);
      }
      if (b.minute === minute) b.othersDb = Math.max(0, total - b.sentDb);
    }
    if (minute !== lastSweepMinute) {
      lastSweepMinute = minute;
      await db.deleteFrom('rest_rate_windows').where('minute', '<', minute - 1).execute();
    }
  }

  async function exchangeNet(share: RateShare): Promise<void> {
    const minute = Math.floor(now() / WINDOW_MS);
    const sent: Array<{ b: Bucket; delta: number }> = [];
    const entries: Array<{ bucket: string; delta: number }> = [];
    for (const [key, b] of buckets) {
      if (b.minute !== minute || !share.shares(key)) continue;
      const delta = Math.max(0, b.local - b.sentDb - b.sentNet);
      b.sentNet += delta;
      sent.push({ b, delta });
      entries.push({ bucket: key, delta });
    }
    if (entries.length === 0) return;
    let totals: number[];
    try {
      totals = await share.add(minute, entries);
    } catch (e) {
      // Not counted there (or not known to be): the next exchange, there or in the database, adds it.
      for (const { b, delta } of sent) if (b.minute === minute) b.sentNet -= delta;
      throw e;
    }
    sent.forEach(({ b }, i) => {
      if (b.minute === minute) b.othersNet = Math.max(0, (totals[i] ?? b.sentNet) - b.sentNet);
    });
  }

  function switchTo(next: Mode, share: RateShare): void {
    if (next === mode) return;
    if (next === 'network') {
      if (mode !== 'starting') o.log.info(`${share.name} is back: the rate limit per token is counted across the network there again.`);
    } else {
      o.log.warn(
        `${share.name} is unreachable: the rate limit per token is counted ${next === 'database' ? 'through the database (shared every second)' : 'on this server alone (each server admits up to the limit)'} until it is back.`,
      );
    }
    mode = next;
  }

  async function exchange(tick: boolean): Promise<void> {
    if (net) {
      const state = net.state();
      if (state === 'up') {
        switchTo('network', net);
        try {
          return await exchangeNet(net);
        } catch (e) {
          if (net.state() === 'up') throw e;
          // The connection dropped under the exchange: fall back below.
        }
      }
      if (state !== 'pending') switchTo(shared ? 'database' : 'alone', net);
    }
    // Ticking at the network's pace, the database is still written at its own.
    if (!shared || (tick && net && performance.now() - lastDbExchange < dbFlushMs - 5)) return;
    lastDbExchange = performance.now();
    await exchangeDb();
  }

  function sweep(): void {
    // A past minute's count is of no use any more, shared or not.
    const minute = Math.floor(now() / WINDOW_MS);
    for (const [key, b] of buckets) if (b.minute < minute) buckets.delete(key);
  }

  const flush = (tick = false): Promise<void> => {
    if (!shared && !net) {
      sweep();
      return Promise.resolve();
    }
    // One exchange at a time; a caller during one waits for it.
    flushing ??= exchange(tick)
      .catch((e: unknown) => o.log.error(`could not share the rate-limit counts through ${mode === 'network' && net ? net.name : 'the database'}`, e))
      .finally(() => {
        flushing = undefined;
        sweep();
      });
    return flushing;
  };

  const timer = setInterval(() => void flush(true), net ? net.flushMs : shared ? dbFlushMs : WINDOW_MS);
  timer.unref();

  return {
    take(key, nowMs) {
      const limit = limitOf(key);
      const minute = Math.floor(nowMs / WINDOW_MS);
      let b = buckets.get(key);
      if (b === undefined) {
        b = { minute, local: 0, sentDb: 0, sentNet: 0, othersDb: 0, othersNet: 0 };
        buckets.set(key, b);
      } else if (b.minute !== minute) {
        b.minute = minute;
        b.local = 0;
        b.sentDb = 0;
        b.sentNet = 0;
        b.othersDb = 0;
        b.othersNet = 0;
      }
      const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * WINDOW_MS - nowMs) / 1000));
      const used = b.local + b.othersDb + b.othersNet;
      if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
      b.local++;
      return { allowed: true, limit, remaining: limit - used - 1, resetSeconds };
    },
    flush: () => flush(),
    async close() {
      clearInterval(timer);
      if (shared || net) await flush();
    },
  };
}
