// Serving the API reference (./reference.ts): GET /api/v1/openapi.json and GET /api/v1/docs, from
// memory, with their own content types. They need no token, so the checks are the ones a request
// without a valid token meets: the per-remote-address rate limit (429), then the method (405 with
// `Allow: GET`). While rest.conf says `reference = false` (read at each request: the key is live)
// a request goes the way of any path no route serves: token, then 404.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpErrorCode } from './errors.ts';
import { hostMissing } from './http-guards.ts';
import type { PlainRoute } from './openapi.ts';
import type { RateLimiter } from './rate-limit.ts';
import { API_PREFIX } from './route-table.ts';

/** A plain route with its answer, rendered once at start. */
export interface ServedDocument {
  route: PlainRoute;
  body: string;
}

export interface ReferenceDeps {
  limiter: RateLimiter;
  now: () => number;
  /** Whether rest.conf has `reference = true` now. */
  on: () => boolean;
  /** A stop is under way: new requests are not taken. */
  closing: () => boolean;
  /** Whether the access log is on (it then measures each request). */
  timed: boolean;
  send(reply: FastifyReply, status: number, body: string, extraHeaders: readonly string[] | undefined, contentType: string): void;
  sendError(reply: FastifyReply, code: HttpErrorCode, message?: string, extra?: undefined, extraHeaders?: readonly string[]): void;
  /** The answer of a path no route serves (token, rate limit, 404/405). */
  miss(req: FastifyRequest, reply: FastifyReply): void;
}

export function serveReference(fastify: FastifyInstance, documents: readonly ServedDocument[], d: ReferenceDeps): void {
  for (const { route, body } of documents) {
    fastify.route({
      // Every method, so that a POST is 405 while on and 404 while off, as for any other path.
      method: fastify.supportedMethods,
      url: API_PREFIX + route.path,
      handler(req, reply) {
        if (!d.on()) return d.miss(req, reply);
        if (d.closing()) return void req.raw.socket.destroy();
        if (d.timed) req.coreStart = performance.now();
        if (hostMissing(req.raw)) {
          return d.sendError(reply, 'bad-request', 'host: an HTTP/1.1 request carries a Host header.', undefined, ['connection', 'close']);
        }
        // Limited as failed authentication is: per remote address, in the same buckets.
        const rate = d.limiter.take(`addr:${req.raw.socket.remoteAddress ?? 'unknown'}`, d.now());
        req.coreRate = rate;
        if (!rate.allowed) return d.sendError(reply, 'rate-limited', undefined, undefined, ['retry-after', String(rate.resetSeconds)]);
        if (req.method !== 'GET') return d.sendError(reply, 'method-not-allowed', 'This path answers GET only.', undefined, ['allow', 'GET']);
        d.send(reply, 200, body, undefined, route.contentType);
      },
    });
  }
}
