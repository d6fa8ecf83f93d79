// Fixed one-minute windows (docs/decisions.md, "HTTP behaviour"), counted in memory so a request never waits for the
// database. Windows are aligned to the minute of the clock (12:00:00 to 12:00:59.999, …).
//
// Sharing (several servers on one PostgreSQL database): each server keeps its own in-memory counts
// and, every `flushMs` (1 s by default), adds what it admitted since the last flush to a row per
// bucket and minute in `rest_rate_windows` (`INSERT … ON CONFLICT DO UPDATE SET count = count + n
// RETURNING count`), which tells it what all servers together admitted. A request is admitted when
// (admitted here + admitted elsewhere as last read) is under the limit. So no request costs a
// database round-trip; the price is that the shared count is at most one flush interval old: across
// N servers a token can exceed its limit by what the other servers admitted within that second.
// A single server on SQLite counts purely in memory (a restart starts the current minute afresh).

import type { Database, Migration } from '../core/db.ts';
import { migrate, sql } from '../core/db.ts';
import type { Logger } from '../core/log.ts';

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

interface Bucket {
  minute: number;
  /** Admitted by this server in this window. */
  local: number;
  /** Of `local`, how many were already added to the shared row. */
  flushed: number;
  /** Admitted by the other servers in this window, as last read. */
  others: number;
}

export interface RateLimiter {
  readonly limit: number;
  /** Counts one request against the bucket (e.g. `token:7`, `addr:1.2.3.4`) and decides. */
  take(bucket: string, nowMs: number): RateDecision;
  /** Shared mode: exchanges counts with the database now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /** Requests per window; a function is read at each request (rest.conf can change it at reload). */
  limit: number | (() => number);
  log: Logger;
  /** Sharing through the database: on by default for PostgreSQL, off for SQLite. */
  database?: Database;
  shared?: boolean;
  flushMs?: number;
  /** For sweeping; defaults to Date.now. */
  now?: () => number;
}

export async function createRateLimiter(o: RateLimiterOptions): Promise<RateLimiter> {
  const shared = o.database !== undefined && (o.shared ?? o.database.kind === 'postgres');
  const now = o.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  const limitNow = typeof o.limit === 'function' ? o.limit : () => o.limit as number;
  if (shared && o.database) await migrate(o.database, 'core-rest', RATE_MIGRATIONS);

  let flushing: Promise<void> | undefined;
  let lastSweepMinute = 0;

  async function exchange(): Promise<void> {
    const db = o.database?.db;
    if (!db) return;
    const minute = Math.floor(now() / WINDOW_MS);
    for (const [key, b] of buckets) {
      if (b.minute !== minute) continue;
      const upTo = b.local;
      const delta = upTo - b.flushed;
      let total: number;
      if (delta > 0) {
        b.flushed = upTo;
        const row = await db
          .insertInto('rest_rate_windows')
          .values({ bucket: key, minute, count: delta })
          .onConflict((oc) => oc.columns(['bucket', 'minute']).doUpdateSet({ count: sql`rest_rate_windows.count + ${delta}` }))
          .returning('count')
          .executeTakeFirst();
        total = Number(row?.count ?? upTo);
      } else {
        const row = await db
          .selectFrom('rest_rate_windows')
          .select('count')
          .where('bucket', '=', key)
          .where('minute', '=', minute)
          .executeTakeFirst();
        total = Number(row?.count ?? upTo);
      }
      if (b.minute === minute) b.others = Math.max(0, total - upTo);
    }
    if (minute !== lastSweepMinute) {
      lastSweepMinute = minute;
      await db.deleteFrom('rest_rate_windows').where('minute', '<', minute - 1).execute();
    }
  }

  function sweep(): void {
    const minute = Math.floor(now() / WINDOW_MS);
    for (const [key, b] of buckets) if (b.minute < minute && (!shared || b.flushed === b.local)) buckets.delete(key);
  }

  const flush = (): Promise<void> => {
    if (!shared) {
      sweep();
      return Promise.resolve();
    }
    // One exchange at a time; a caller during one waits for it.
    flushing ??= exchange()
      .catch((e: unknown) => o.log.error('could not share the rate-limit counts through the database', e))
      .finally(() => {
        flushing = undefined;
        sweep();
      });
    return flushing;
  };

  const timer = setInterval(() => void flush(), shared ? (o.flushMs ?? 1000) : WINDOW_MS);
  timer.unref();

  return {
    get limit() {
      return limitNow();
    },
    take(key, nowMs) {
      const limit = limitNow();
      const minute = Math.floor(nowMs / WINDOW_MS);
      let b = buckets.get(key);
      if (b === undefined) {
        b = { minute, local: 0, flushed: 0, others: 0 };
        buckets.set(key, b);
      } else if (b.minute !== minute) {
        b.minute = minute;
        b.local = 0;
        b.flushed = 0;
        b.others = 0;
      }
      const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * WINDOW_MS - nowMs) / 1000));
      const used = b.local + b.others;
      if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
      b.local++;
      return { allowed: true, limit, remaining: limit - used - 1, resetSeconds };
    },
    flush,
    async close() {
      clearInterval(timer);
      if (shared) await flush();
    },
  };
}
