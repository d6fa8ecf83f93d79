// One rate-limit bucket (a token's, `token:7`, or a remote address's, `addr:1.2.3.4`) in one fixed
// one-minute window, as this server knows it: what it admitted, what it shared through the database
// (./rate-limit.ts) and what it holds of the network's count in Redis (./rate-lease.ts).

export const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in this window after this one. */
  remaining: number;
  /** Whole seconds until the window rolls (at least 1). */
  resetSeconds: number;
}

/** A request waiting for a lease from Redis: decided when the claim answers. */
export interface Waiter {
  resolve(d: RateDecision): void;
  nowMs: number;
}

export interface Bucket {
  readonly minute: number;
  /** Admitted by this server in this window. */
  local: number;
  /** Of `local`, how many were added to the database's row. */
  sentDb: number;
  /** Admitted by the other servers in this window, as last read from the database. */
  othersDb: number;
  /** What this server has taken of the network's count in Redis (used or not), and of `local`, how many that count holds. */
  held: number;
  counted: number;
  /** The network's count as last read (every server's takings, this one's included). */
  netTotal: number;
  /** A claim to Redis under way, and the requests waiting for it. */
  claiming: boolean;
  readonly waiters: Waiter[];
  /** performance.now() of the last request; until when Redis is known to have nothing left to take. */
  lastUse: number;
  fullUntil: number;
}

export function freshBucket(minute: number): Bucket {
  return { minute, local: 0, sentDb: 0, othersDb: 0, held: 0, counted: 0, netTotal: 0, claiming: false, waiters: [], lastUse: 0, fullUntil: 0 };
}

export function minuteOf(ms: number): number {
  return Math.floor(ms / WINDOW_MS);
}

/** Whole seconds until the window of `nowMs` rolls, at least 1. */
export function resetSecondsAt(nowMs: number): number {
  return Math.max(1, Math.ceil(((minuteOf(nowMs) + 1) * WINDOW_MS - nowMs) / 1000));
}

export function refusal(limit: number, nowMs: number): RateDecision {
  return { allowed: false, limit, remaining: 0, resetSeconds: resetSecondsAt(nowMs) };
}

/**
 * Decides on this server's knowledge alone (no Redis, or Redis away): what this server admitted,
 * what the others put in the database, and what the others had taken in Redis when it last read.
 */
export function takeLocally(b: Bucket, limit: number, nowMs: number): RateDecision {
  const used = b.local + b.othersDb + Math.max(0, b.netTotal - b.held);
  if (used >= limit) return refusal(limit, nowMs);
  b.local++;
  return { allowed: true, limit, remaining: limit - used - 1, resetSeconds: resetSecondsAt(nowMs) };
}

/** Requests admitted here that no shared place holds yet (neither the database nor Redis). */
export function unshared(b: Bucket): number {
  return Math.max(0, b.local - b.counted - b.sentDb);
}

/** Runs `then` on a value now, or once it comes: a rate decision waits only for a lease from Redis. */
export function andThen<T, U>(v: T | Promise<T>, then: (value: T) => U): U | Promise<U> {
  return v instanceof Promise ? v.then(then) : then(v);
}
