// Fixed one-minute windows (docs/decisions.md, "HTTP behaviour"), aligned to the minute of the clock
// (12:00:00 to 12:00:59.999, …), counted in memory: a request never waits for the database, and waits
// for Redis only once per lease.
//
// Sharing (several servers, docs/network.md):
// - Redis (network.conf `redis`, ./rate-lease.ts and ./rate-redis.ts): each server takes the token's
//   quota from Redis in small leases, atomically, and serves from its lease in memory, so the
//   servers together admit at most the limit. While Redis is away the limiter falls back to the
//   database (below) or to counting alone, and says so once; what it admitted meanwhile is paid into
//   Redis when it is back.
// - The database (PostgreSQL): each server counts in memory and, every `flushMs` (1 s), adds what it
//   admitted to a row per bucket and minute in `rest_rate_windows` (`INSERT … ON CONFLICT DO UPDATE
//   SET count = count + n RETURNING count`), reading back what all servers admitted; the shared count
//   is at most one interval old, so across N servers a token can exceed its limit by what the other
//   servers admitted within that interval.
// A single server on SQLite counts purely in memory (a restart starts the current minute afresh).
// Each bucket remembers what it put in each shared place, so a request is never counted twice when
// the limiter moves from one to the other, and the others' counts read in both are summed.

import type { Database, Migration } from '../core/storage/db.ts';
import { migrate, sql } from '../core/storage/db.ts';
import type { Logger } from '../core/log/log.ts';
import { freshBucket, minuteOf, takeLocally, unshared, WINDOW_MS, type Bucket, type RateDecision } from './rate-bucket.ts';
import { leasesOver, type RateShare } from './rate-lease.ts';
import { reasonOf } from './redis-link.ts';
import { col, defineTables } from '../core/storage/tables.ts';

export { WINDOW_MS, type RateDecision } from './rate-bucket.ts';
export type { RateShare } from './rate-lease.ts';

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

export const RATE_TABLES = defineTables(RATE_MIGRATIONS, {
  /** Requests counted per bucket (a token) and minute (since the epoch), by every server. */
  rest_rate_windows: { bucket: col.text(), minute: col.int(), count: col.int() },
});

/** The bucket of failed authentication (and of the reference while it is public) for a remote address. */
export function addressBucket(address: string | undefined): string {
  return `addr:${address ?? 'unknown'}`;
}

export function isAddressBucket(bucket: string): boolean {
  return bucket.startsWith('addr:');
}

/** Where the counts are shared now; `starting` until the network share first answers or fails. */
type Mode = 'starting' | 'network' | 'database' | 'alone';

export interface RateLimiter {
  /**
   * Counts one request against the bucket (e.g. `token:7`, `addr:1.2.3.4`) and decides; a promise
   * only when the bucket is shared through Redis and its lease is empty (it waits for the next one).
   */
  take(bucket: string, nowMs: number): RateDecision | Promise<RateDecision>;
  /** Shared mode: exchanges counts with the database, or settles what is owed to Redis, now. */
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
  /** Sharing through Redis, in leases, in preference to the database while it is reachable. */
  network?: RateShare;
  /** A lease without a request for this long goes back to Redis, ms (default: 5 upkeeps, 1 s). */
  idleReturnMs?: number;
  /** For sweeping; defaults to Date.now. */
  now?: () => number;
}

/** After a claim that got no answer while the connection looked up, requests are decided here for this long, ms. */
const TROUBLE_MS = 1000;

export async function createRateLimiter(o: RateLimiterOptions): Promise<RateLimiter> {
  const shared = o.database !== undefined && (o.shared ?? o.database.kind === 'postgres');
  const net = o.network;
  const now = o.now ?? Date.now;
  const dbFlushMs = o.flushMs ?? 1000;
  const idleMs = o.idleReturnMs ?? 5 * (net?.flushMs ?? 0);
  const buckets = new Map<string, Bucket>();
  const fixed = o.limit;
  const limitOf = typeof fixed === 'function' ? fixed : () => fixed;
  if (shared && o.database) await migrate(o.database, 'core-rest', RATE_MIGRATIONS);

  let flushing: Promise<void> | undefined;
  let lastSweepMinute = 0;
  let lastDbExchange = 0;
  let mode: Mode = net ? 'starting' : shared ? 'database' : 'alone';
  /** A claim failed while the connection looked up: the reason, said at the next upkeep if it still looks up. */
  let trouble: string | undefined;
  let troubleUntil = 0;
  const fallback: Mode = shared ? 'database' : 'alone';

  async function exchangeDb(): Promise<void> {
    if (!o.database) return;
    const db = RATE_TABLES.on(o.database.db);
    const minute = minuteOf(now());
    for (const [key, b] of buckets) {
      if (b.minute !== minute) continue;
      const delta = unshared(b);
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
      b.othersDb = Math.max(0, total - b.sentDb);
    }
    if (minute !== lastSweepMinute) {
      lastSweepMinute = minute;
      await db.deleteFrom('rest_rate_windows').where('minute', '<', minute - 1).execute();
    }
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

  const leases = net
    ? leasesOver({
        share: net,
        limitOf,
        failed(e) {
          if (net.state() !== 'up') return switchTo(fallback, net);
          // The connection looks up but the claim failed: a drop under way (the next upkeep sees it
          // down), or Redis not answering in time. Decided here meanwhile; said at the next upkeep.
          trouble ??= reasonOf(e);
          troubleUntil = performance.now() + TROUBLE_MS;
        },
      })
    : undefined;

  /** Whether a request of a shared bucket goes through Redis now; notices an outage or a return. */
  function throughNetwork(share: RateShare): boolean {
    const state = share.state();
    if (state === 'down') switchTo(fallback, share);
    if (state !== 'up' || performance.now() < troubleUntil) return false;
    switchTo('network', share);
    return true;
  }

  async function exchange(tick: boolean): Promise<void> {
    if (net && leases) {
      const state = net.state();
      if (state === 'up' && trouble !== undefined) {
        o.log.error(`could not take a lease of the rate limit from ${net.name} (${trouble}); requests were decided on this server meanwhile`);
        trouble = undefined;
      }
      if (state === 'up' && performance.now() >= troubleUntil) {
        switchTo('network', net);
        return leases.upkeep(buckets, minuteOf(now()), tick ? idleMs : 0);
      }
      if (state === 'down') switchTo(fallback, net);
    }
    // Ticking at the network's pace, the database is still written at its own.
    if (!shared || (tick && net && performance.now() - lastDbExchange < dbFlushMs - 5)) return;
    lastDbExchange = performance.now();
    await exchangeDb();
  }

  function sweep(): void {
    // A past minute's count is of no use any more, shared or not.
    const minute = minuteOf(now());
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
      const minute = minuteOf(nowMs);
      let b = buckets.get(key);
      if (b === undefined || b.minute !== minute) {
        // A new object per window: a claim still under way for the last one settles only its own requests.
        b = freshBucket(minute);
        buckets.set(key, b);
      }
      if (net && leases && net.shares(key) && throughNetwork(net)) return leases.take(key, b, limit, nowMs);
      return takeLocally(b, limit, nowMs);
    },
    // At a stop or a test's call, unused leases go back at once (tick = false).
    flush: () => flush(),
    async close() {
      clearInterval(timer);
      if (shared || net) await flush();
    },
  };
}
