// The per-token rate limit counted across the network in Redis (docs/network.md): the limiter
// (./rate-limit.ts) counts in memory and, every `flushMs`, adds what each token's bucket admitted
// since to one Redis key per token and minute (INCRBY and EXPIRE, one pipeline for all buckets),
// reading back the network's total. No request waits for it. Only token buckets are shared: the
// failed-authentication buckets per address stay per server (an address spray would otherwise
// make a key per address and minute).

import type { Redis } from 'ioredis';
import { WINDOW_MS, type RateShare } from './rate-limit.ts';
import { stateOf } from './redis-link.ts';

export const RATE_KEY_PREFIX = 'core:rate:';

/** Default exchange interval, ms: the overshoot bound of docs/network.md is what other servers admit within it. */
export const REDIS_RATE_FLUSH_MS = 200;

/** An exchange that has not answered within this is given up (the next one tries again). */
const EXCHANGE_TIMEOUT_MS = 2000;

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
    async add(minute, entries) {
      const p = redis.pipeline();
      for (const { bucket, delta } of entries) {
        const key = `${RATE_KEY_PREFIX}${minute}:${bucket}`;
        p.incrby(key, delta);
        // Kept a minute past its window: a server whose clock is a little behind still finds it.
        if (delta > 0) p.pexpire(key, 2 * WINDOW_MS);
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer within 2 s')), EXCHANGE_TIMEOUT_MS);
      });
      try {
        const results = await Promise.race([p.exec(), timeout]);
        if (results === null) throw new Error('the pipeline was not run');
        const counts: number[] = [];
        let i = 0;
        for (const { delta } of entries) {
          const [error, value] = results[i] ?? [new Error('no answer')];
          if (error) throw error;
          counts.push(Number(value));
          i += delta > 0 ? 2 : 1;
        }
        return counts;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
