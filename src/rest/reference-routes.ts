// Serving the API reference (./reference.ts): GET /api/v1/openapi.json and GET /api/v1/docs, from
// memory, with their own content types. By default they go through the checks of every route: token
// (401, whose `WWW-Authenticate: Basic` makes a browser ask for the label and secret), rate limit
// (429), method (405 with `Allow: GET`), the read scope (403). With `public-reference = true` they
// need no token, and the checks are the ones a request without a valid token meets: the
// per-remote-address limit of failed authentication (429), then the method. While rest.conf says
// `reference = false` a request goes the way of any path no route serves: token, then 404. All three
// keys are live: read at each request.

import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpErrorCode } from './errors.ts';
import { hostMissing } from './http-guards.ts';
import type { PlainRoute } from './openapi.ts';
import { addressBucket, type RateLimiter } from './rate-limit.ts';
import { andThen } from './rate-bucket.ts';
import { API_PREFIX } from './route-table.ts';
import type { TokenRecord } from './tokens.ts';

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
  /** Whether rest.conf has `public-reference = true` now: no token needed. */
  open: () => boolean;
  /** A stop is under way: new requests are not taken. */
  closing: () => boolean;
  /** Whether the access log is on (it then measures each request). */
  timed: boolean;
  /** The address a request is counted under (./client-address.ts). */
  clientAddress(req: IncomingMessage): string | undefined;
  /** The server's first checks, token then rate limit: answers a refusal, or runs `then` with the token. */
  gate(req: FastifyRequest, reply: FastifyReply, then: (token: TokenRecord) => void): void;
  send(reply: FastifyReply, status: number, body: string, extraHeaders: readonly string[] | undefined, contentType: string): void;
  sendError(reply: FastifyReply, code: HttpErrorCode, message?: string, extra?: { scope?: string }, extraHeaders?: readonly string[]): void;
  /** The answer of a path no route serves (token, rate limit, 404/405). */
  miss(req: FastifyRequest, reply: FastifyReply): void;
}

export function serveReference(fastify: FastifyInstance, documents: readonly ServedDocument[], d: ReferenceDeps): void {
  /** Without a token: the host check and the limit of failed authentication stand in for the token's checks. */
  function admitOpen(req: FastifyRequest, reply: FastifyReply, then: () => void): void {
    if (d.closing()) return void req.raw.socket.destroy();
    if (d.timed) req.coreStart = performance.now();
    if (hostMissing(req.raw)) {
      return d.sendError(reply, 'bad-request', 'host: an HTTP/1.1 request carries a Host header.', undefined, ['connection', 'close']);
    }
    // An address bucket is counted on this server: decided at once.
    void andThen(d.limiter.take(addressBucket(d.clientAddress(req.raw)), d.now()), (rate) => {
      req.coreRate = rate;
      if (!rate.allowed) return d.sendError(reply, 'rate-limited', undefined, undefined, ['retry-after', String(rate.resetSeconds)]);
      then();
    });
  }

  for (const { route, body } of documents) {
    fastify.route({
      // Every method, so that a POST is 405 while on and 404 while off, as for any other path.
      method: fastify.supportedMethods,
      url: API_PREFIX + route.path,
      handler(req, reply) {
        if (!d.on()) return d.miss(req, reply);
        /** After the token's checks (null: open to all, public-reference): method, then scope. */
        const answer = (token: TokenRecord | null): void => {
          if (req.method !== 'GET') return d.sendError(reply, 'method-not-allowed', 'This path answers GET only.', undefined, ['allow', 'GET']);
          if (token !== null && !token.scopes.has('read')) {
            return d.sendError(reply, 'forbidden', 'The API reference needs the read scope, which the token does not hold.', { scope: 'read' });
          }
          d.send(reply, 200, body, undefined, route.contentType);
        };
        if (d.open()) admitOpen(req, reply, () => answer(null));
        else d.gate(req, reply, answer);
      },
    });
  }
}
