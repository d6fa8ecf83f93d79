// The per-token rate limit counted across the network in Redis (docs/network.md), in leases: one
// key per token and minute holds what all servers together have taken of the token's limit. A
// server takes a small lease of it (a few requests) in one atomic step, serves its requests from
// the lease in memory, and asks again when the lease runs out; so the servers together never take
// more than the limit, and only one request in a lease waits for a Redis round trip. The lease logic
// is ./rate-lease.ts's; this file is the two Redis scripts. Only token buckets are shared: the
// failed-authentication buckets per address stay per server (an address spray would otherwise make
// a key per address and minute).

import type { Redis } from 'ioredis';
import { WINDOW_MS } from './rate-limit.ts';
import type { RateShare } from './rate-lease.ts';
import { stateOf } from './redis-link.ts';

export const RATE_KEY_PREFIX = 'core:rate:';

/** Default interval of the lease upkeep (debts paid, idle leases given back, outages noticed), ms. */
export const REDIS_RATE_FLUSH_MS = 200;

/** A claim that has not answered within this is given up: its requests are decided on this server. */
const CLAIM_TIMEOUT_MS = 1000;

/**
 * KEYS[1] the bucket's key of the minute; ARGV owed, want, cap, ttl. Adds `owed` (requests this
 * server admitted that the count does not hold yet, during an outage), then takes up to `want` more
 * while the count stays within `cap`. Answers { taken, count after }.
 */
const CLAIM = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0') + tonumber(ARGV[1])
local taken = math.max(0, math.min(tonumber(ARGV[2]), tonumber(ARGV[3]) - count))
count = count + taken
if tonumber(ARGV[1]) + taken > 0 then redis.call('SET', KEYS[1], count, 'PX', ARGV[4]) end
return {taken, count}`;

/** KEYS[1] as above; ARGV n. Gives back up to `n` taken and not used, never below zero. Answers the count after. */
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local back = math.min(tonumber(ARGV[1]), count)
if back > 0 then count = redis.call('DECRBY', KEYS[1], back) end
return count`;

export function rateKey(minute: number, bucket: string): string {
  return `${RATE_KEY_PREFIX}${minute}:${bucket}`;
}

/** Runs a script, failing after CLAIM_TIMEOUT_MS (the next claim tries again). */
async function run(redis: Redis, script: string, key: string, args: number[]): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CLAIM_TIMEOUT_MS / 1000} s`)), CLAIM_TIMEOUT_MS);
  });
  try {
    return await Promise.race([redis.eval(script, 1, key, ...args), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function redisRateShare(redis: Redis, where: string, flushMs = REDIS_RATE_FLUSH_MS): RateShare {
  let everUp = false;
  redis.on('ready', () => {
    everUp = true;
  });
  return {
    name: `Redis at ${where}`,
    flushMs,
    state: () => stateOf(redis, everUp),
    shares: (bucket) => bucket.startsWith('token:'),
    async claim(minute, bucket, { owed, want, cap }) {
      // Kept a minute past its window: a server whose clock is a little behind still finds it.
      const answer = await run(redis, CLAIM, rateKey(minute, bucket), [owed, want, cap, 2 * WINDOW_MS]);
      if (!Array.isArray(answer) || answer.length !== 2) throw new Error(`the claim script answered ${JSON.stringify(answer)}`);
      return { granted: Number(answer[0]), total: Number(answer[1]) };
    },
    async release(minute, bucket, n) {
      await run(redis, RELEASE, rateKey(minute, bucket), [n]);
    },
  };
}
