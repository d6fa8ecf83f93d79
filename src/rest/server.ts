// The HTTP side of the Remote Access Service: Fastify 5 serving every row of the route table.
//
// Order of checks for every request (docs/decisions.md, "HTTP behaviour"), each answered in one place:
//   token (401) → rate limit (429) → route and method (404/405) → scope (403) → body size (413)
//   → body, path and query validation (400) → module switched off (503) → the call (200, or 504)
// The first four and the Content-Length check run in an onRequest hook (before Fastify reads the
// body); the streaming cap is Fastify's bodyLimit; validation, the module switch and the call run
// in the handler. Each row gets its own hook closure, so no per-request route lookup is needed.
// The call and its answer are ./route-call.ts's; a POST with an Idempotency-Key claims its key
// (./idempotency.ts) after the module switch, so only the call's own answers are kept for retries.
// Before all of it, the request deadline and the connection cap (connection-limits.ts).

import { maxHeaderSize, type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { CoreApi } from '../core/kernel/api.ts';
import { systemClock, type Clock } from '../core/kernel/clock.ts';
import type { Dispatcher } from '../core/kernel/dispatcher.ts';
import type { Logger } from '../core/log/log.ts';
import type { RestConfig } from './config.ts';
import { AUTH_CHALLENGE_HEADERS, DEFAULT_MESSAGES, errorBody, HTTP_ERRORS, type HttpErrorCode } from './errors.ts';
import { accessEntry, authFailure, type AccessLog, type AuthFailure } from './access-log.ts';
import { deadlineOptions } from './connection-limits.ts';
import type { RateDecision, RateLimiter } from './rate-limit.ts';
import { admission, whenAdmitted, type Admission, type Admit } from './admission.ts';
import { API_PREFIX } from './route-table.ts';
import type { RouteDefinition, RouteInput } from '../core/kernel/routes.ts';
import type { Scope, TokenRecord, TokenStore } from './tokens.ts';
import { BadRequest, compile, describe, noBody, noExtra, validate } from './validation.ts';
import { fingerprintOf, idempotencyKeyOf, IDEMPOTENCY_HEADER, runOnce, type IdempotencyStore } from './idempotency.ts';
import { routeCaller, type Answerer } from './route-call.ts';
import { routeMisses, type RouteMiss } from './route-miss.ts';
import { registerBodyParsers } from './json-body.ts';
import { answerClientError, guardServer, hostMissing } from './http-guards.ts';
import { answerFastifyErrors } from './fastify-errors.ts';
import { clientAddresses } from './client-address.ts';
import { serveReference, type ServedDocument } from './reference-routes.ts';
import { countAnswer, METRICS_PATH, registerMetricsRoute } from './metrics.route.ts';
import { routeLabel, type Metrics } from './metrics.ts';

export const BODY_LIMIT = 64 * 1024;
/** A declared body over BODY_LIMIT up to this size is drained after its 413 rather than cut off. */
export const DRAINED_BODY_LIMIT = 1024 * 1024;
export const EVENTS_PATH = `${API_PREFIX}/events`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The token that passed the checks, set by the onRequest hook. */
    coreToken: TokenRecord | null;
    /** The rate-limit decision of this request, for the RateLimit headers of its answer. */
    coreRate: RateDecision | null;
    /** performance.now() when the request reached the checks; set only while the access log is on. */
    coreStart: number;
    /** Why authentication failed, for the access log; set only while it is on. */
    coreAuthFailure: AuthFailure | null;
  }
}

export interface RestServerOptions {
  config: RestConfig;
  api: CoreApi;
  tokens: TokenStore;
  limiter: RateLimiter;
  dispatcher: Dispatcher;
  routes: readonly RouteDefinition[];
  clock: Clock;
  log: Logger;
  /** Checks each answer against its row's schema and logs a mismatch (for module tests). */
  checkAnswers?: boolean;
  /** Receives one entry per answer; absent while `access-log = false` (then nothing is measured). */
  accessLog?: AccessLog;
  /** The answers of POSTs sent with an Idempotency-Key (./idempotency.ts); without it the header is ignored. */
  idempotency?: IdempotencyStore;
  /** Time for a request to arrive whole (connection-limits.ts; 15 s) and how often it is checked (1 s), for tests. */
  requestDeadlineMs?: number;
  deadlineCheckMs?: number;
  /** The API reference (./reference-routes.ts): with a read token, or without one while `public-reference` is on. */
  documents?: readonly ServedDocument[];
  /** Counts every answer and serves GET /api/v1/metrics (./metrics.ts); absent: neither. */
  metrics?: Metrics;
}

export interface RestServer {
  readonly fastify: FastifyInstance;
  /** Token then rate limit: the first two checks, shared with the event-stream handshake (a promise while the rate limit waits for a lease from Redis). */
  admit: Admit;
  /** The address a request is counted and logged under: its peer, or the client a trusted proxy names (./client-address.ts). */
  clientAddress(req: IncomingMessage): string | undefined;
  /** For a path no row serves with this method: 405 with the methods it does serve, or 404. */
  routeMiss(path: string): RouteMiss;
  listen(): Promise<{ host: string; port: number }>;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function createRestServer(o: RestServerOptions): RestServer {
  const { api, tokens, limiter, clock, log, accessLog, metrics } = o;
  const dispatcher = o.dispatcher;
  const routeMiss = routeMisses(o.routes, API_PREFIX, metrics ? [EVENTS_PATH, METRICS_PATH] : [EVENTS_PATH]);
  const clientAddress = clientAddresses(o.config);
  const deadline = deadlineOptions(o.requestDeadlineMs, o.deadlineCheckMs);
  // The system clock is read without allocating a Date (a test's clock is read through now()).
  const nowMs = clock === systemClock ? Date.now : () => clock.now().getTime();

  const admit = admission({ tokens, limiter, now: nowMs, ...(metrics ? { refused: () => metrics.rateLimited() } : {}) });

  const fastify = Fastify({
    logger: false,
    requestTimeout: deadline.requestTimeout,
    bodyLimit: BODY_LIMIT,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    forceCloseConnections: true,
    // Requests Node's HTTP server would answer itself are answered in the envelope (./http-guards.ts).
    clientErrorHandler: answerClientError,
    // Only the event stream upgrades: elsewhere an Upgrade header is left unread and the request is
    // answered like any other (it was 404 from the stream's handler, on paths a row serves).
    // The request deadline's header timeout and check interval (./connection-limits.ts) go here too.
    http: { ...deadline.http, requireHostHeader: false, shouldUpgradeCallback: (req) => (req.url ?? '/').split('?')[0] === EVENTS_PATH },
    // A path parameter as long as the request line can be reaches its row, whose schema refuses it
    // with 400 naming it. (Past the router's cap it fell to the catch-all: a 405 naming its own method.)
    routerOptions: { maxParamLength: maxHeaderSize },
    frameworkErrors: (error, req, reply) => {
      // A URL the router cannot read (bad %-encoding): the usual checks first, then 400.
      gate(req, reply, () => sendError(reply, 'bad-request', describe('path', error.message), { field: 'path' }));
    },
  });
  guardServer(fastify.server, { admit, routeMiss, clientAddress, ...(accessLog ? { accessLog } : {}) });
  fastify.decorateRequest('coreToken', null);
  fastify.decorateRequest('coreRate', null);
  fastify.decorateRequest('coreStart', 0);
  fastify.decorateRequest('coreAuthFailure', null);
  fastify.decorateRequest('coreMeter', null);

  /**
   * Every answer of the add-on is written here, straight to the Node response (the reply is marked
   * hijacked, so Fastify does not write it again): one flat header list with the RateLimit headers of
   * the request, and the body. This is the cheapest path Node offers, and the rate headers are
   * rendered once, in one place.
   */
  function json(reply: FastifyReply, status: number, body: string, extraHeaders?: readonly string[], type = JSON_TYPE): void {
    const headers = ['content-type', type, 'content-length', String(Buffer.byteLength(body))];
    const rate = reply.request.coreRate;
    if (rate !== null) {
      headers.push('ratelimit-limit', String(rate.limit), 'ratelimit-remaining', String(rate.remaining), 'ratelimit-reset', String(rate.resetSeconds));
    }
    if (extraHeaders !== undefined) headers.push(...extraHeaders);
    reply.hijack();
    reply.raw.writeHead(status, headers);
    reply.raw.end(body);
    if (accessLog !== undefined) logAccess(accessLog, reply.request, status, clientAddress(reply.request.raw));
    if (metrics !== undefined) countAnswer(metrics, reply.request, status);
  }

  function sendError(
    reply: FastifyReply,
    code: HttpErrorCode,
    message?: string,
    extra?: { field?: string; scope?: string },
    extraHeaders?: readonly string[],
  ): void {
    json(reply, HTTP_ERRORS[code], JSON.stringify(errorBody(code, message ?? DEFAULT_MESSAGES[code], extra)), extraHeaders);
  }

  // A stop lets the calls under way finish and answer before the listener closes (`close` waits for
  // the dispatcher to be idle): a write is answered once committed (on SQLite at the end of its
  // turn, src/core/storage/sqlite-driver.ts), and closing its connection first would apply a write its
  // client never saw acknowledged. Requests that arrive meanwhile are not taken: their connection is
  // closed unanswered, nothing applied.
  let closing = false;

  /**
   * Token and rate limit: answers a refusal, or runs `then` with the token (at once, or once the
   * rate limit has its lease from Redis).
   */
  function gate(req: FastifyRequest, reply: FastifyReply, then: (token: TokenRecord) => void): void {
    if (closing) {
      req.raw.socket.destroy();
      return;
    }
    if (accessLog !== undefined || metrics !== undefined) req.coreStart = performance.now();
    if (hostMissing(req.raw)) {
      sendError(reply, 'bad-request', 'host: an HTTP/1.1 request carries a Host header.', { field: 'host' }, ['connection', 'close']);
      return;
    }
    whenAdmitted(
      admit(req.headers.authorization, clientAddress(req.raw), req.raw.socket),
      (a) => admitted(req, reply, a, then),
      (e) => {
        log.error(`${req.method} ${req.url.split('?')[0]} failed after its rate-limit decision`, e);
        if (!reply.raw.headersSent) sendError(reply, 'internal-error');
      },
    );
  }

  function admitted(req: FastifyRequest, reply: FastifyReply, a: Admission, then: (token: TokenRecord) => void): void {
    req.coreRate = a.rate;
    if (a.ok) {
      req.coreToken = a.token;
      return then(a.token);
    }
    if (a.token !== undefined) req.coreToken = a.token;
    else if (accessLog !== undefined) req.coreAuthFailure = authFailure(req.headers.authorization);
    sendError(
      reply,
      a.code,
      undefined,
      undefined,
      a.code === 'rate-limited' ? ['retry-after', String(a.rate.resetSeconds)] : AUTH_CHALLENGE_HEADERS,
    );
  }

  /** The checks before the body is read: token, rate, scope, declared length. Answers a refusal, or runs `then`. */
  function check(req: FastifyRequest, reply: FastifyReply, scope: Scope, then: (token: TokenRecord) => void): void {
    gate(req, reply, (token) => {
      if (!token.scopes.has(scope)) {
        return sendError(reply, 'forbidden', `This route needs the ${scope} scope, which the token does not hold.`, { scope });
      }
      const length = req.headers['content-length'];
      if (length !== undefined && Number(length) > BODY_LIMIT) {
        // Up to 1 MiB the body is read and dropped after the answer (Node does so for an unread body)
        // and the connection stays open: closing it with the body unread resets it, and a reverse
        // proxy still sending the body then answers 502 instead of passing this 413 on.
        return sendError(reply, 'payload-too-large', undefined, undefined, Number(length) <= DRAINED_BODY_LIMIT ? [] : ['connection', 'close']);
      }
      then(token);
    });
  }

  /** For routes whose body Fastify reads (POST): the checks run before reading it. */
  function hookFor(scope: Scope, meter: FastifyRequest['coreMeter'] = null) {
    return (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      req.coreMeter = meter;
      check(req, reply, scope, () => done());
    };
  }

  /** A path no row serves: after the token and the rate limit, 405 or 404, before any body is read. */
  function miss(req: FastifyRequest, reply: FastifyReply): void {
    gate(req, reply, () => {
      const m = routeMiss(req.url);
      if (m.code === 'method-not-allowed') {
        sendError(reply, 'method-not-allowed', `This path answers ${m.allow} only.`, undefined, ['allow', m.allow]);
      } else sendError(reply, 'not-found');
    });
  }
  // Every method Fastify knows falls through to this catch-all route when no row matches.
  fastify.route({
    method: fastify.supportedMethods,
    url: '/*',
    onRequest: (req, reply, _done) => miss(req, reply),
    handler: (_req, reply) => sendError(reply, 'not-found'),
  });
  // Methods outside Fastify's list reach the not-found handler, without a body being read.
  fastify.setNotFoundHandler((req, reply) => miss(req, reply));

  registerBodyParsers(fastify);
  const timed = accessLog !== undefined;
  serveReference(fastify, o.documents ?? [], {
    limiter,
    now: nowMs,
    on: () => o.config.reference,
    open: () => o.config.publicReference,
    closing: () => closing,
    timed,
    clientAddress,
    gate,
    send: json,
    sendError,
    miss,
  });

  /** A request whose body did not arrive in time: its connection is closed, unanswered; the access log says 408. */
  function cutOff(req: FastifyRequest, reply: FastifyReply): void {
    reply.hijack();
    if (accessLog !== undefined) logAccess(accessLog, req, 408, clientAddress(req.raw));
  }

  answerFastifyErrors(fastify, { log, sendError, cutOff });

  const caller = routeCaller({ api, log, dispatcher });
  /** Where the answer of a call goes: this request's reply. */
  const to = (reply: FastifyReply): Answerer => ({
    json: (status, body) => json(reply, status, body),
    error: (code, message, extra) => sendError(reply, code, message, extra),
  });

  /** A POST with an Idempotency-Key: the call once per token and key, its answer again for a retry. */
  function once(row: RouteDefinition, input: RouteInput, token: TokenRecord, key: string, reply: FastifyReply, answerCheck: TypeCheck<TSchema> | undefined): void {
    runOnce(o.idempotency as IdempotencyStore, token.id, key, fingerprintOf(row.name, input), {
      run: (store) => {
        if (!closing) return caller.call(row, input, to(reply), answerCheck, store);
        // A stop began while the key was claimed: nothing is applied, the connection is closed unanswered.
        void store(null);
        reply.raw.socket?.destroy();
      },
      replay: (a, headers) => json(reply, a.status, a.body, headers),
      refuse: (code, message, headers) => sendError(reply, code, message, undefined, headers),
      failed: (e) => {
        if (caller.declinedForStorage(row, e, to(reply), answerCheck)) return;
        log.error(`${row.name}: the Idempotency-Key could not be looked up`, e);
        sendError(reply, 'internal-error');
      },
    });
  }

  for (const row of o.routes) {
    const params = compile(row.params);
    const query = compile(row.query);
    const body = compile(row.body);
    const answerCheck = o.checkAnswers ? TypeCompiler.Compile(row.answer) : undefined;
    const isGet = row.method === 'GET';
    const meter = metrics?.meter(row.method, routeLabel(row.path)) ?? null;
    /** Validation, the module switch and the call, once the checks before the body passed. */
    const serve = (req: FastifyRequest, reply: FastifyReply, token: TokenRecord): void => {
      let input: RouteInput;
      let key: string | undefined;
      try {
        input = {
          params: params ? validate(params, req.params, 'params') : {},
          query: query ? validate(query, req.query, 'query') : noExtra(req.query as Record<string, unknown>, 'query'),
          body: body ? validate(body, req.body, 'body') : noBody(req.body),
          actor: { kind: 'rest', label: token.label },
        };
        key = isGet || o.idempotency === undefined ? undefined : idempotencyKeyOf(req.headers[IDEMPOTENCY_HEADER]);
      } catch (e) {
        if (e instanceof BadRequest) return sendError(reply, 'bad-request', e.message, { field: e.field });
        throw e;
      }
      if (row.module !== null && !api.isModuleOn(row.module)) {
        return sendError(reply, 'module-off', `The ${row.module} module is switched off on this server.`);
      }
      if (key !== undefined) once(row, input, token, key, reply, answerCheck);
      else caller.call(row, input, to(reply), answerCheck);
    };
    fastify.route({
      method: row.method,
      url: API_PREFIX + row.path,
      // GET bodies are never read, so a GET route makes the checks in its handler (one hook less).
      ...(isGet ? {} : { onRequest: hookFor(row.scope, meter) }),
      handler(req, reply) {
        if (!isGet) return serve(req, reply, req.coreToken as TokenRecord);
        req.coreMeter = meter;
        check(req, reply, row.scope, (token) => serve(req, reply, token));
      },
    });
  }

  // The event stream's path answers an ordinary request with 426; upgrades are event-stream.ts's.
  fastify.route({
    method: 'GET',
    url: EVENTS_PATH,
    onRequest: hookFor('events'),
    handler(_req, reply) {
      sendError(reply, 'upgrade-required', undefined, undefined, ['upgrade', 'websocket']);
    },
  });

  if (metrics) registerMetricsRoute({ fastify, metrics, log, check, send: json, internalError: (reply) => sendError(reply, 'internal-error') });

  return {
    fastify,
    admit,
    clientAddress,
    routeMiss,
    async listen() {
      await fastify.listen({ host: o.config.bind, port: o.config.port });
      const address = fastify.server.address();
      if (address === null || typeof address === 'string') return { host: o.config.bind, port: o.config.port };
      return { host: address.address, port: address.port };
    },
    async close() {
      closing = true;
      await dispatcher.idle(STOP_DRAIN_MS);
      await fastify.close();
    },
  };
}

/** How long a stop waits for the calls under way to answer, ms. */
export const STOP_DRAIN_MS = 5000;

/** One access entry for an answer just written (the request went through gate() first). */
function logAccess(accessLog: AccessLog, req: FastifyRequest, status: number, address: string | undefined): void {
  const label = req.coreToken === null ? '-' : req.coreToken.label;
  // An answer written without gate() (none is, today) counts 0 ms rather than the process's age.
  const started = req.coreStart === 0 ? performance.now() : req.coreStart;
  accessLog(accessEntry(req.raw, status, label, started, req.coreAuthFailure, address));
}
