// The per-token rate limit shared by several servers through Redis, in leases (docs/network.md,
// "The rate limit"). Redis holds, per token and minute, what all servers together have taken of the
// limit. A server takes a lease of a few requests in one atomic step that never takes the count past
// the limit, serves requests from the lease in memory, and takes the next lease when it runs low
// (before it runs out, so a steady client rarely waits). A request that finds the lease empty waits
// for the claim (one Redis round trip); one that finds Redis out of quota is refused at once. So the
// servers together admit at most the limit, whatever the client's pace, and a request costs a Redis
// round trip only once per lease. A lease left unused goes back after a second without requests, and
// with the window otherwise (each minute has its own key).

import { refusal, resetSecondsAt, takeLocally, unshared, type Bucket, type RateDecision } from './rate-bucket.ts';
import type { LinkState } from './redis-link.ts';

/** A place the counts are shared through besides the database: Redis (./rate-redis.ts). */
export interface RateShare {
  /** For log lines. */
  readonly name: string;
  /** How often the upkeep runs (debts paid, idle leases given back, outages noticed), ms. */
  readonly flushMs: number;
  /** Whether it can take a claim now; `pending` before the first connection. */
  state(): LinkState;
  /** Whether it shares this bucket (`token:7`, not `addr:1.2.3.4`). */
  shares(bucket: string): boolean;
  /**
   * One atomic step on the bucket's count of the minute: adds `owed` (admitted here, counted nowhere
   * yet), then takes up to `want` more while the count stays within `cap`. Answers what it took and
   * the count after.
   */
  claim(minute: number, bucket: string, ask: { owed: number; want: number; cap: number }): Promise<{ granted: number; total: number }>;
  /** Gives back `n` taken and not used. */
  release(minute: number, bucket: string, n: number): Promise<void>;
}

/**
 * The size of a lease: a twentieth of the limit, at least 1, so that the servers' unused leases (at
 * most one each, and one being taken) are a small part of it. Near the end of the limit leases
 * shrink, down to 1: a lease unused on one server is what another may lack.
 */
export function leaseSize(limit: number, left: number): number {
  return Math.max(1, Math.min(Math.floor(limit / 20), Math.floor(left / 4)));
}

export interface LeaseOptions {
  share: RateShare;
  limitOf(bucket: string): number;
  /** A claim failed (Redis away, or no answer in time): its waiting requests were decided on this server. */
  failed(e: unknown): void;
}

export interface Leases {
  /** Serves a request from the bucket's lease, or waits for a claim, or refuses when Redis has nothing left. */
  take(key: string, b: Bucket, limit: number, nowMs: number): RateDecision | Promise<RateDecision>;
  /**
   * Pays what was admitted here during an outage (so the other servers learn of it), and gives back
   * the leases of buckets without a request for `idleMs` (0: every lease, at a stop).
   */
  upkeep(buckets: ReadonlyMap<string, Bucket>, minute: number, idleMs: number): Promise<void>;
}

export function leasesOver(o: LeaseOptions): Leases {
  const { share } = o;
  const leaseOf = (b: Bucket): number => b.held - b.counted;
  const sizeFor = (b: Bucket, limit: number): number => leaseSize(limit, limit - b.othersDb - b.netTotal);

  function serve(b: Bucket, limit: number, nowMs: number): RateDecision {
    b.local++;
    b.counted++;
    // What is left as far as this server knows: the network's untaken rest, and its own lease.
    const remaining = Math.max(0, limit - b.othersDb - b.netTotal + leaseOf(b));
    return { allowed: true, limit, remaining, resetSeconds: resetSecondsAt(nowMs) };
  }

  /** Claims until the waiting requests are served or refused; `lease`: also a lease for the next ones. */
  async function claim(key: string, b: Bucket, lease: boolean): Promise<void> {
    b.claiming = true;
    try {
      for (;;) {
        const limit = o.limitOf(key);
        const size = sizeFor(b, limit);
        const want = b.waiters.length > 0 ? Math.max(size, b.waiters.length) : lease ? size : 0;
        const owed = unshared(b);
        if (want === 0 && owed === 0) return;
        const got = await share.claim(b.minute, key, { owed, want, cap: limit - b.othersDb });
        b.held += owed + got.granted;
        b.counted += owed;
        b.netTotal = got.total;
        const short = got.granted < want;
        // Redis has no more to give: refuse at once until the next upkeep, when a lease may have come back.
        if (short) b.fullUntil = performance.now() + share.flushMs;
        while (b.waiters.length > 0 && leaseOf(b) > 0) {
          const w = b.waiters.shift();
          if (w) w.resolve(serve(b, limit, w.nowMs));
        }
        if (short) for (const w of b.waiters.splice(0)) w.resolve(refusal(limit, w.nowMs));
        // Requests that came during the claim and found nothing left: one more claim for them.
        if (b.waiters.length === 0) return;
      }
    } catch (e) {
      o.failed(e);
      for (const w of b.waiters.splice(0)) w.resolve(takeLocally(b, o.limitOf(key), w.nowMs));
    } finally {
      b.claiming = false;
    }
  }

  return {
    take(key, b, limit, nowMs) {
      b.lastUse = performance.now();
      if (leaseOf(b) > 0) {
        const d = serve(b, limit, nowMs);
        // Low: the next lease is taken now, so that the next requests find it.
        if (!b.claiming && b.lastUse >= b.fullUntil && leaseOf(b) <= Math.floor(sizeFor(b, limit) / 2)) void claim(key, b, true);
        return d;
      }
      if (b.lastUse < b.fullUntil) return refusal(limit, nowMs);
      return new Promise<RateDecision>((resolve) => {
        b.waiters.push({ resolve, nowMs });
        if (!b.claiming) void claim(key, b, true);
      });
    },

    async upkeep(buckets, minute, idleMs) {
      const work: Promise<void>[] = [];
      const now = performance.now();
      for (const [key, b] of buckets) {
        if (b.minute !== minute || b.claiming || !share.shares(key)) continue;
        if (unshared(b) > 0) work.push(claim(key, b, false));
        const unused = leaseOf(b);
        if (unused > 0 && now - b.lastUse >= idleMs) {
          // Dropped here first: a request meanwhile claims anew rather than use what is being given
          // back. Should the answer be lost, it stays dropped: a lease lost is a few requests
          // refused too early, never a few admitted too many.
          b.held -= unused;
          work.push(
            share.release(minute, key, unused).then(
              () => void (b.netTotal = Math.max(0, b.netTotal - unused)),
              () => undefined,
            ),
          );
        }
      }
      await Promise.all(work);
    },
  };
}
