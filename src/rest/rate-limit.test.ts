import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from '../core/storage/db.ts';
import { memoryLogger } from '../core/log/log.ts';
import { createRateLimiter, WINDOW_MS, type RateDecision, type RateLimiter, RATE_TABLES } from './rate-limit.ts';
import { tempDir } from './test-support.ts';

const T0 = Date.parse('2026-01-01T12:00:10Z');

/** A decision of a limiter without Redis: always at once. */
function decided(limiter: RateLimiter, bucket: string, nowMs: number): RateDecision {
  const d = limiter.take(bucket, nowMs);
  assert.ok(!(d instanceof Promise), 'decided at once without Redis');
  return d;
}

describe('rate limiter', () => {
  it('counts fixed one-minute windows in memory', async () => {
    const limiter = await createRateLimiter({ limit: 2, log: memoryLogger() });
    try {
      assert.deepEqual(decided(limiter, 'token:1', T0), { allowed: true, limit: 2, remaining: 1, resetSeconds: 50 });
      assert.equal(decided(limiter, 'token:1', T0 + 1000).remaining, 0);
      assert.deepEqual(decided(limiter, 'token:1', T0 + 49_500), { allowed: false, limit: 2, remaining: 0, resetSeconds: 1 });
      assert.equal(decided(limiter, 'token:2', T0).allowed, true, 'each bucket has its own window');
      assert.equal(decided(limiter, 'token:1', T0 + 50_000).allowed, true, 'the next minute starts afresh');
    } finally {
      await limiter.close();
    }
  });

  it('shares the count between servers through the database, without a round-trip per request', async () => {
    const dir = tempDir();
    // Two servers: two connections to one database file.
    const dbA = openDatabase({ kind: 'sqlite', file: join(dir, 'shared.db') });
    const dbB = openDatabase({ kind: 'sqlite', file: join(dir, 'shared.db') });
    const now = () => T0;
    const a = await createRateLimiter({ limit: 10, log: memoryLogger(), database: dbA, shared: true, flushMs: 60_000, now });
    const b = await createRateLimiter({ limit: 10, log: memoryLogger(), database: dbB, shared: true, flushMs: 60_000, now });
    try {
      for (let i = 0; i < 6; i++) assert.ok(decided(a, 'token:1', T0).allowed);
      // Before any flush B only knows its own count.
      assert.equal(decided(b, 'token:1', T0).remaining, 9);
      await a.flush();
      await b.flush();
      // B now knows A admitted 6: 6 + 1 used, so 3 left before this one.
      assert.equal(decided(b, 'token:1', T0).remaining, 2);
      await a.flush();
      // A learns of what B flushed (1), not yet of B's unflushed second request.
      assert.equal(decided(a, 'token:1', T0).remaining, 2);
      assert.equal(decided(b, 'token:1', T0 + 1).remaining, 1);
      assert.equal(decided(b, 'token:1', T0 + 2).remaining, 0);
      assert.equal(decided(b, 'token:1', T0 + 3).allowed, false);
      await a.flush();
      await b.flush();
      // 11 admitted for a limit of 10: the over-admission is bounded by one flush interval.
      const rows = await RATE_TABLES.on(dbA.db).selectFrom('rest_rate_windows').selectAll().execute();
      assert.deepEqual(rows.map((r) => [r.bucket, Number(r.minute), Number(r.count)]), [['token:1', Math.floor(T0 / WINDOW_MS), 11]]);
      await a.flush();
      assert.equal(decided(a, 'token:1', T0).allowed, false, 'once A reads the shared count it refuses');
    } finally {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
    }
  });
});
