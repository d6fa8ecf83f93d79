// The per-token rate limit across the network in Redis (docs/network.md): a token limited to N a
// minute, called alternately on two servers, gets about N in all (within the documented bound) and
// then 429 on both; with Redis away each server falls back and says so once, and comes back.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from '../core/db.ts';
import { memoryLogger } from '../core/log.ts';
import { createRateLimiter, WINDOW_MS, type RateShare } from './rate-limit.ts';
import { eachReadTheOther, startTestRedis, until } from './redis.fixtures.ts';
import { http, startHarness, tempDir } from './test-support.ts';
import { TEST_DATABASE } from '../../test/support/test-database.ts';

const T0 = Date.parse('2026-01-01T12:00:10Z');

/** A network share in memory whose reachability the test switches. */
function fakeShare(): RateShare & { up: boolean; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const share = {
    name: 'Redis at redis://test',
    flushMs: 60_000,
    up: true,
    counts,
    state: () => (share.up ? ('up' as const) : ('down' as const)),
    shares: (bucket: string) => bucket.startsWith('token:'),
    async add(minute: number, entries: ReadonlyArray<{ bucket: string; delta: number }>) {
      if (!share.up) throw new Error('ECONNREFUSED');
      return entries.map(({ bucket, delta }) => {
        const key = `${minute}:${bucket}`;
        counts.set(key, (counts.get(key) ?? 0) + delta);
        return counts.get(key) ?? 0;
      });
    },
  };
  return share;
}

describe('the rate limit through Redis', () => {
  it('shares token buckets (not address buckets), falls back once with a warning, and never adds a count twice', async () => {
    const net = fakeShare();
    const log = memoryLogger();
    const now = () => T0;
    const a = await createRateLimiter({ limit: 10, log, network: net, now });
    const b = await createRateLimiter({ limit: 10, log: memoryLogger(), network: net, now });
    try {
      for (let i = 0; i < 4; i++) a.take('token:1', T0);
      a.take('addr:10.0.0.1', T0);
      await a.flush();
      await b.flush();
      const minute = Math.floor(T0 / WINDOW_MS);
      assert.deepEqual([...net.counts], [[`${minute}:token:1`, 4]], 'only the token bucket is in Redis');
      assert.equal(b.take('token:1', T0).remaining, 9, 'B knows nothing of A before its first exchange');
      await b.flush();
      assert.equal(b.take('token:1', T0).remaining, 4, 'then it knows the 4 of A (4 + its 1 + this one)');
      assert.equal(b.take('addr:10.0.0.1', T0).remaining, 9, 'an address is counted per server');

      net.up = false;
      a.take('token:1', T0);
      await a.flush();
      await a.flush();
      assert.equal(log.lines.filter((l) => /WARN Redis at redis:\/\/test is unreachable: the rate limit per token is counted on this server alone/.test(l)).length, 1);
      net.up = true;
      await a.flush();
      assert.equal(log.lines.filter((l) => /INFO Redis at redis:\/\/test is back/.test(l)).length, 1);
      assert.equal(net.counts.get(`${minute}:token:1`), 6, "A's 5 and the 1 B has shared, each once");
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('falls back to the database while Redis is away, and counts what went there once', async () => {
    const dir = tempDir();
    const dbA = openDatabase({ kind: 'sqlite', file: join(dir, 'shared.db') });
    const dbB = openDatabase({ kind: 'sqlite', file: join(dir, 'shared.db') });
    const net = fakeShare();
    const log = memoryLogger();
    const now = () => T0;
    const a = await createRateLimiter({ limit: 10, log, database: dbA, shared: true, network: net, now });
    const b = await createRateLimiter({ limit: 10, log: memoryLogger(), database: dbB, shared: true, network: net, now });
    try {
      for (let i = 0; i < 3; i++) a.take('token:1', T0);
      await a.flush();
      net.up = false;
      for (let i = 0; i < 2; i++) a.take('token:1', T0);
      await a.flush();
      await b.flush();
      assert.match(log.lines.join('\n'), /WARN Redis at redis:\/\/test is unreachable: the rate limit per token is counted through the database/);
      assert.equal(b.take('token:1', T0).remaining, 9);
      await b.flush();
      assert.equal(b.take('token:1', T0).remaining, 6, "B learns the 2 A admitted during the outage from the database (A's 3 before are in Redis)");
      const rows = await dbA.db.selectFrom('rest_rate_windows').selectAll().execute();
      assert.deepEqual(rows.map((r) => Number(r.count)), [3], "only A's 2 of the outage and B's 1 went to the database");
    } finally {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
    }
  });

  it('gives a token limited to N about N in all, called alternately on two servers, then 429 on both', async () => {
    const redis = await startTestRedis();
    const dir = tempDir();
    const shared = join(dir, 'shared.db');
    // Odd: the last pair of calls finds one call left of the limit, and both servers admit theirs.
    const N = 11;
    // The overshoot bound (docs/network.md): what the other server admits within one exchange interval
    // and its round trip. Here the calls go in pairs, one on each server, and after each pair each
    // server has read the other's count: one call over at most.
    const BOUND = 2;
    const conf = `enabled = true\nport = 0\nrequests-per-minute = ${N}\n`;
    const tuning = { rateLimitRedis: true, rateLimitRedisFlushMs: 10 };
    // One database (the tokens), two servers; manual clocks at one instant keep the test in one minute.
    const a = await startHarness({ conf, serverName: 'a', redis: redis.url, tuning, manualTime: true, openDb: () => openDatabase({ kind: 'sqlite', file: shared }) });
    const secret = await a.token('panel', 'read');
    const b = await startHarness({ conf, serverName: 'b', redis: redis.url, tuning, manualTime: true, openDb: () => openDatabase({ kind: 'sqlite', file: shared }) });
    const watch = await redis.monitor();
    try {
      const bucket = `token:${(await a.database.db.selectFrom('rest_tokens').select('id').where('label', '=', 'panel').executeTakeFirstOrThrow()).id}`;
      for (const h of [a, b]) await until('connected to Redis', () => h.log.lines.some((l) => /now reach this server's event stream/.test(l)));
      let admitted = 0;
      const statuses: number[] = [];
      for (let i = 0; i < 2 * N; i++) {
        const r = await http(i % 2 === 0 ? a.port : b.port, 'GET', '/api/v1/status', { token: secret });
        statuses.push(r.status);
        if (r.status === 200) admitted++;
        if (i % 2 === 1) await eachReadTheOther(watch, bucket);
      }
      assert.ok(admitted >= N && admitted <= N + BOUND, `admitted ${admitted} of a limit of ${N}: ${statuses.join(' ')}`);
      for (const h of [a, b]) {
        const r = await http(h.port, 'GET', '/api/v1/status', { token: secret });
        assert.equal(r.status, 429);
        assert.equal(r.headers['ratelimit-remaining'], '0');
      }
    } finally {
      watch.close();
      await a.close();
      await b.close();
      await redis.close();
    }
  });

  it('keeps answering while Redis is away, with one line saying the count is local meanwhile', async () => {
    const redis = await startTestRedis();
    const h = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 100\n', serverName: 'a', redis: redis.url, tuning: { rateLimitRedis: true, rateLimitRedisFlushMs: 20, redisRetryMaxMs: 100 } });
    try {
      const secret = await h.token('panel', 'read');
      await until('connected', () => h.log.lines.some((l) => /now reach this server's event stream/.test(l)));
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: secret })).status, 200);
      await redis.stopRefusing();
      // Without Redis the count falls back to what the server does alone: through PostgreSQL's table, or in memory.
      const fallback = TEST_DATABASE === 'postgres' ? /WARN .*is unreachable: the rate limit per token is counted through the database/ : /WARN .*is unreachable: the rate limit per token is counted on this server alone/;
      await until('the fallback line', () => h.log.lines.some((l) => fallback.test(l)));
      const started = performance.now();
      const r = await http(h.port, 'GET', '/api/v1/status', { token: secret });
      assert.equal(r.status, 200);
      assert.equal(r.headers['ratelimit-remaining'], '98');
      assert.ok(performance.now() - started < 500, 'the request did not wait for Redis');
      // Six refused connections: about three reconnection attempts of each of the server's two
      // connections, with an exchange of the counts (every 20 ms) before each attempt (every 100 ms).
      await redis.refused(6);
      assert.equal(h.log.lines.filter((l) => /the rate limit per token is counted/.test(l)).length, 1, 'one line for the outage');
      await redis.start();
      await until('back', () => h.log.lines.some((l) => /INFO .*is back: the rate limit per token is counted across the network/.test(l)));
    } finally {
      await h.close();
      await redis.close();
    }
  });
});
