// The per-token rate limit across the network in Redis, in leases (docs/network.md, "The rate
// limit"): servers take the token's quota from Redis a few requests at a time, so however fast a
// client alternates between them, together they admit at most the limit, with a Redis round trip
// once per lease rather than per request. With Redis away each server falls back and says so once,
// pays what it admitted meanwhile when Redis is back, and says that once too.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from '../core/storage/db.ts';
import { memoryLogger } from '../core/log/log.ts';
import { createRateLimiter, WINDOW_MS, type RateDecision, type RateLimiter, type RateShare, RATE_TABLES } from './rate-limit.ts';
import { leaseSize } from './rate-lease.ts';
import { rateKey, redisRateShare } from './rate-redis.ts';
import { openRedis } from './redis-link.ts';
import { startTestRedis, until } from './redis.fixtures.ts';
import { http, startHarness, tempDir } from './test-support.ts';
import { TEST_DATABASE } from '../../test/support/test-database.ts';

const T0 = Date.parse('2026-01-01T12:00:10Z');
const MINUTE = Math.floor(T0 / WINDOW_MS);

/** A network share in memory, atomic as Redis's scripts are, whose reachability the test switches. */
function fakeShare(): RateShare & { up: boolean; counts: Map<string, number>; claims: number } {
  const counts = new Map<string, number>();
  const share = {
    name: 'Redis at redis://test',
    // No upkeep by the timer: the test calls flush().
    flushMs: 60_000,
    up: true,
    counts,
    claims: 0,
    state: () => (share.up ? ('up' as const) : ('down' as const)),
    shares: (bucket: string) => bucket.startsWith('token:'),
    async claim(minute: number, bucket: string, ask: { owed: number; want: number; cap: number }) {
      share.claims++;
      if (!share.up) throw new Error('ECONNREFUSED');
      const key = `${minute}:${bucket}`;
      let count = (counts.get(key) ?? 0) + ask.owed;
      const granted = Math.max(0, Math.min(ask.want, ask.cap - count));
      count += granted;
      counts.set(key, count);
      return { granted, total: count };
    },
    async release(minute: number, bucket: string, n: number) {
      if (!share.up) throw new Error('ECONNREFUSED');
      const key = `${minute}:${bucket}`;
      counts.set(key, Math.max(0, (counts.get(key) ?? 0) - n));
    },
  };
  return share;
}

/** Sends `n` requests of one token, one after the other, alternately to each limiter; counts those admitted. */
async function alternate(limiters: readonly RateLimiter[], n: number, nowMs = T0): Promise<number> {
  let admitted = 0;
  for (let i = 0; i < n; i++) if ((await limiters[i % limiters.length]!.take('token:1', nowMs)).allowed) admitted++;
  return admitted;
}

describe('the rate limit through Redis, in leases', () => {
  it('gives a token limited to 60 exactly 60 of 80 requests alternating quickly between two servers, with a claim per lease, not per request', async () => {
    const net = fakeShare();
    const a = await createRateLimiter({ limit: 60, log: memoryLogger(), network: net, now: () => T0 });
    const b = await createRateLimiter({ limit: 60, log: memoryLogger(), network: net, now: () => T0 });
    try {
      assert.equal(leaseSize(60, 60), 3, 'a lease is a twentieth of the limit');
      assert.equal(await alternate([a, b], 80), 60);
      assert.equal(net.counts.get(`${MINUTE}:token:1`), 60, 'Redis never gave more than the limit');
      assert.ok(net.claims <= 40, `${net.claims} claims for 80 requests`);
      // Only token buckets go to Redis; an address is counted on each server, at once.
      const d = a.take('addr:10.0.0.1', T0);
      assert.ok(!(d instanceof Promise) && d.allowed);
      assert.deepEqual([...net.counts.keys()], [`${MINUTE}:token:1`]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('serves a burst on one server from one or two claims, refusing none below the limit and all beyond it', async () => {
    const net = fakeShare();
    const a = await createRateLimiter({ limit: 60, log: memoryLogger(), network: net, now: () => T0 });
    try {
      const burst = (n: number) => Promise.all(Array.from({ length: n }, () => a.take('token:1', T0)));
      const first = await burst(30);
      assert.deepEqual(first.filter((d) => !d.allowed), [], 'all of a burst under the limit');
      assert.ok(net.claims <= 3, `${net.claims} claims for a burst of 30`);
      const second = await burst(40);
      assert.equal(second.filter((d) => d.allowed).length, 30);
      const refused = second.find((d) => !d.allowed) as RateDecision;
      assert.deepEqual(refused, { allowed: false, limit: 60, remaining: 0, resetSeconds: 50 });
    } finally {
      await a.close();
    }
  });

  it('gives an unused lease back at a stop (and after a second without requests), so that another server can use it', async () => {
    const net = fakeShare();
    const a = await createRateLimiter({ limit: 60, log: memoryLogger(), network: net, now: () => T0 });
    const b = await createRateLimiter({ limit: 60, log: memoryLogger(), network: net, now: () => T0 });
    try {
      assert.equal((await a.take('token:1', T0)).allowed, true);
      assert.equal(net.counts.get(`${MINUTE}:token:1`), 3, 'one used, two taken ahead');
      await a.close();
      assert.equal(net.counts.get(`${MINUTE}:token:1`), 1, 'the two unused went back');
      assert.equal(await alternate([b], 70), 59);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('falls back once with a warning while Redis is away, pays what it admitted meanwhile when back, and says so once', async () => {
    const net = fakeShare();
    const log = memoryLogger();
    const a = await createRateLimiter({ limit: 10, log, network: net, now: () => T0 });
    const b = await createRateLimiter({ limit: 10, log: memoryLogger(), network: net, now: () => T0 });
    try {
      assert.equal(await alternate([a], 2), 2);
      net.up = false;
      assert.equal(await alternate([a], 3), 3, 'decided on this server while Redis is away');
      await a.flush();
      assert.equal(log.lines.filter((l) => /WARN Redis at redis:\/\/test is unreachable: the rate limit per token is counted on this server alone/.test(l)).length, 1);
      net.up = true;
      await a.flush();
      assert.equal(log.lines.filter((l) => /INFO Redis at redis:\/\/test is back/.test(l)).length, 1);
      assert.equal(net.counts.get(`${MINUTE}:token:1`), 5, "A's 5, each once: the 3 of the outage paid, its unused lease back");
      assert.equal(await alternate([b], 10), 5, 'B gets what is left');
      assert.equal(log.lines.filter((l) => /unreachable|is back/.test(l)).length, 2, 'one line each way');
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
      assert.equal(await alternate([a], 3), 3);
      net.up = false;
      assert.equal(await alternate([a], 2), 2);
      await a.flush();
      await b.flush();
      assert.match(log.lines.join('\n'), /WARN Redis at redis:\/\/test is unreachable: the rate limit per token is counted through the database/);
      assert.equal((await b.take('token:1', T0)).remaining, 9);
      await b.flush();
      assert.equal((await b.take('token:1', T0)).remaining, 6, "B learns the 2 A admitted during the outage from the database (A's 3 before are in Redis)");
      const rows = await RATE_TABLES.on(dbA.db).selectFrom('rest_rate_windows').selectAll().execute();
      assert.deepEqual(rows.map((r) => Number(r.count)), [3], "only A's 2 of the outage and B's 1 went to the database");
    } finally {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
    }
  });

  it('on a real Redis: two limiters of 60 sharing it admit at most 60 of 80 requests, one after the other or all at once, with fewer claims than requests', async () => {
    const redis = await startTestRedis();
    const connections = [openRedis(redis.url), openRedis(redis.url)];
    const watch = await redis.monitor();
    const limiters: RateLimiter[] = [];
    try {
      for (const c of connections) limiters.push(await createRateLimiter({ limit: 60, log: memoryLogger(), network: redisRateShare(c, redis.url) }));
      await until('both connected', () => connections.every((c) => c.status === 'ready'));
      const now = Date.now();
      const mark = await watch.mark();
      const admitted = await alternate(limiters, 80, now);
      // The bound of docs/network.md: never above the limit while Redis answers; below it by at most
      // what the other server holds unused (one lease).
      assert.ok(admitted <= 60 && admitted >= 60 - leaseSize(60, 60), `admitted ${admitted} of 80 for a limit of 60`);
      const scripts = () => watch.seen.slice(mark + 1).filter((c) => c.args[0] === 'eval').length;
      await watch.until('the claims to be seen', () => scripts() > 0);
      assert.ok(scripts() <= 40, `${scripts()} Redis calls for 80 requests`);
      assert.equal(Number(await connections[0]!.get(rateKey(Math.floor(now / WINDOW_MS), 'token:1'))), 60);

      // A token of its own, in a burst: 80 at once, alternately on the two.
      const burst = await Promise.all(Array.from({ length: 80 }, (_, i) => limiters[i % 2]!.take('token:2', now)));
      const served = burst.filter((d) => d.allowed).length;
      assert.ok(served <= 60 && served >= 60 - leaseSize(60, 60), `a burst of 80: ${served} admitted`);
    } finally {
      watch.close();
      for (const l of limiters) await l.close();
      for (const c of connections) c.disconnect();
      await redis.close();
    }
  });

  it('gives a token limited to 60 at most 60 of 80 requests alternating quickly between two real servers, then 429 on both', async () => {
    const redis = await startTestRedis();
    const dir = tempDir();
    const shared = join(dir, 'shared.db');
    const conf = 'enabled = true\nport = 0\nrequests-per-minute = 60\n';
    // The default upkeep interval (200 ms): the requests below take far less.
    const tuning = { rateLimitRedis: true };
    // One database (the tokens), two servers; manual clocks at one instant keep the test in one minute.
    const a = await startHarness({ conf, serverName: 'a', redis: redis.url, tuning, manualTime: true, openDb: () => openDatabase({ kind: 'sqlite', file: shared }) });
    const secret = await a.token('panel', 'read');
    const b = await startHarness({ conf, serverName: 'b', redis: redis.url, tuning, manualTime: true, openDb: () => openDatabase({ kind: 'sqlite', file: shared }) });
    try {
      for (const h of [a, b]) await until('connected to Redis', () => h.log.lines.some((l) => /now reach this server's event stream/.test(l)));
      const statuses: number[] = [];
      for (let i = 0; i < 80; i++) statuses.push((await http(i % 2 === 0 ? a.port : b.port, 'GET', '/api/v1/status', { token: secret })).status);
      const admitted = statuses.filter((s) => s === 200).length;
      assert.ok(admitted <= 60 && admitted >= 60 - leaseSize(60, 60), `admitted ${admitted} of a limit of 60: ${statuses.join(' ')}`);
      assert.deepEqual(new Set(statuses.slice(-10)), new Set([429]), 'the last ones refused on both');
      for (const h of [a, b]) {
        const r = await http(h.port, 'GET', '/api/v1/status', { token: secret });
        assert.equal(r.status, 429);
        assert.equal(r.headers['ratelimit-remaining'], '0');
        assert.ok(Number(r.headers['retry-after']) > 0);
      }
    } finally {
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
      // connections (every 100 ms at most).
      await redis.refused(6);
      assert.equal(h.log.lines.filter((l) => /the rate limit per token is counted/.test(l)).length, 1, 'one line for the outage');
      await redis.start();
      await until('back', () => h.log.lines.some((l) => /INFO .*is back: the rate limit per token is counted across the network/.test(l)));
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: secret })).status, 200, 'served through Redis again');
    } finally {
      await h.close();
      await redis.close();
    }
  });
});
