// The first two checks of every request and event-stream handshake, the token (401) and then its
// rate limit (429), as docs/decisions.md, "HTTP behaviour" orders them. Failed authentication is
// limited per remote address by its own limit (failed-auth-per-minute, docs/security.md); a valid
// token is counted in its own bucket and never refused for its address. A decision is at once,
// unless the token is counted in Redis and this server's lease of it is empty: then the request
// waits for the next lease (one round trip per lease, ./rate-lease.ts).

import { andThen, type RateDecision } from './rate-bucket.ts';
import { addressBucket, type RateLimiter } from './rate-limit.ts';
import type { TokenRecord, TokenStore } from './tokens.ts';

/** Outcome of the checks that come before routing: the token, then its rate limit. */
export type Admission =
  | { ok: true; token: TokenRecord; rate: RateDecision }
  /** `token` is the valid token that went over its rate limit; undefined when authentication failed. */
  | { ok: false; code: 'unauthorized' | 'rate-limited'; rate: RateDecision; token: TokenRecord | undefined };

export type Admit = (authorization: string | undefined, address: string | undefined, connection?: object) => Admission | Promise<Admission>;

export function admission(o: { tokens: TokenStore; limiter: RateLimiter; now: () => number; refused?: () => void }): Admit {
  const { tokens, limiter } = o;
  return (authorization, address, connection) => {
    const now = o.now();
    const token = tokens.authenticate(authorization, now, connection);
    if (token === undefined) {
      return andThen(limiter.take(addressBucket(address), now), (rate): Admission => {
        if (!rate.allowed) o.refused?.();
        return { ok: false, code: rate.allowed ? 'unauthorized' : 'rate-limited', rate, token: undefined };
      });
    }
    return andThen(limiter.take(token.rateKey, now), (rate): Admission => {
      if (!rate.allowed) o.refused?.();
      return rate.allowed ? { ok: true, token, rate } : { ok: false, code: 'rate-limited', rate, token };
    });
  };
}

/** Goes on with an admission at once, or once it is decided; `failed` if going on threw after a wait. */
export function whenAdmitted(a: Admission | Promise<Admission>, proceed: (a: Admission) => void, failed: (e: unknown) => void): void {
  if (a instanceof Promise) a.then(proceed).catch(failed);
  else proceed(a);
}

/** The headers every answer carries (docs/decisions.md, "HTTP behaviour"). */
export function rateHeaders(rate: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(rate.limit),
    'RateLimit-Remaining': String(rate.remaining),
    'RateLimit-Reset': String(rate.resetSeconds),
  };
}
