// The HTTP side of the Remote Access Service: Fastify 5 serving every row of the route table.
//
// Order of checks for every request (DECISIONS §4), each answered in one place:
//   token (401) → rate limit (429) → route and method (404/405) → scope (403) → body size (413)
//   → body, path and query validation (400) → module switched off (503) → the call (200, or 504)
// The first four and the Content-Length check run in an onRequest hook (before Fastify reads the
// body); the streaming cap is Fastify's bodyLimit; validation, the module switch and the call run
// in the handler. Each row gets its own hook closure, so no per-request route lookup is needed.

import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { CoreApi } from '../core/api.ts';
import type { Clock } from '../core/clock.ts';
import type { Dispatcher } from '../core/dispatcher.ts';
import type { Logger } from '../core/log.ts';
import type { RestConfig } from './config.ts';
import { DEFAULT_MESSAGES, errorBody, HTTP_ERRORS, WWW_AUTHENTICATE, type HttpErrorCode } from './errors.ts';
import type { RateDecision, RateLimiter } from './rate-limit.ts';
import { API_PREFIX, isPlayerUuidSchema, normaliseUuid, type RouteDefinition, type RouteInput } from './route-table.ts';
import type { Scope, TokenRecord, TokenStore } from './tokens.ts';

export const BODY_LIMIT = 64 * 1024;
export const EVENTS_PATH = `${API_PREFIX}/events`;

// Answer schemas name these formats; TypeBox checks only registered ones.
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v));
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d\d-\d\dT/.test(v));

declare module 'fastify' {
  interface FastifyRequest {
    /** The token that passed the checks, set by the onRequest hook. */
    coreToken: TokenRecord | null;
  }
}

/** Outcome of the checks that come before routing: the token, then its rate limit. */
export type Admission =
  | { ok: true; token: TokenRecord; rate: RateDecision }
  | { ok: false; code: 'unauthorized' | 'rate-limited'; rate: RateDecision };

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
}

export interface RestServer {
  readonly fastify: FastifyInstance;
  /** Token then rate limit: the first two checks, shared with the event-stream handshake. */
  admit(authorization: string | undefined, address: string | undefined): Admission;
  /** For a path no row serves with this method: 405 with the methods it does serve, or 404. */
  routeMiss(path: string): { code: 'method-not-allowed'; allow: string } | { code: 'not-found' };
  listen(): Promise<{ host: string; port: number }>;
  close(): Promise<void>;
}

/** The headers every answer carries (DECISIONS §4). */
export function rateHeaders(rate: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(rate.limit),
    'RateLimit-Remaining': String(rate.remaining),
    'RateLimit-Reset': String(rate.resetSeconds),
  };
}

/** A 400 raised while reading a request, naming the field at fault. */
export class BadRequest extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

interface Validator {
  check: TypeCheck<TSchema>;
  schema: TSchema;
  /** Top-level properties holding a player uuid, normalised after the check. */
  uuidKeys: string[];
}

function compile(schema: TSchema | undefined): Validator | undefined {
  if (!schema) return undefined;
  const props = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  return {
    check: TypeCompiler.Compile(schema),
    schema,
    uuidKeys: Object.keys(props).filter((k) => isPlayerUuidSchema(props[k])),
  };
}

/** `/location/x` → `location.x`; the root → the part's own name. */
function fieldOf(path: string, root: string): string {
  return path === '' ? root : path.slice(1).replaceAll('/', '.').replaceAll('~1', '/').replaceAll('~0', '~');
}

function describe(field: string, message: string): string {
  return `${field}: ${message.charAt(0).toLowerCase()}${message.slice(1)}.`;
}

/** Validates (after conversion and defaults) and returns the value, or throws BadRequest. */
function validate(v: Validator, data: unknown, part: 'params' | 'query' | 'body'): Record<string, unknown> {
  let value: unknown = data;
  if (part !== 'body') value = Value.Convert(v.schema, { ...(data as object) });
  else if (value === undefined) value = {};
  value = Value.Default(v.schema, value);
  if (!v.check.Check(value)) {
    const e = v.check.Errors(value).First();
    const field = fieldOf(e?.path ?? '', part);
    throw new BadRequest(field, describe(field, e?.message ?? 'invalid value'));
  }
  const out = value as Record<string, unknown>;
  for (const k of v.uuidKeys) if (typeof out[k] === 'string') out[k] = normaliseUuid(out[k]);
  return out;
}

function isInvalidInput(e: unknown): e is Error & { field: string } {
  return e instanceof Error && (e.name === 'InvalidInput' || e instanceof BadRequest) && typeof (e as { field?: unknown }).field === 'string';
}

function json(reply: FastifyReply, status: number, body: string): void {
  reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

function sendError(reply: FastifyReply, code: HttpErrorCode, message?: string, extra?: { field?: string; scope?: string }): void {
  json(reply, HTTP_ERRORS[code], JSON.stringify(errorBody(code, message ?? DEFAULT_MESSAGES[code], extra)));
}

function compilePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_-]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

export function createRestServer(o: RestServerOptions): RestServer {
  const { api, tokens, limiter, dispatcher, clock, log } = o;
  const fastify = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: (error, req, reply) => {
      // A URL the router cannot read (bad %-encoding): the usual checks first, then 400.
      if (!gate(req, reply)) return;
      sendError(reply, 'bad-request', `path: ${error.message}`, { field: 'path' });
    },
  });
  fastify.decorateRequest('coreToken', null);

  const patterns: { re: RegExp; method: string }[] = [
    ...o.routes.map((r) => ({ re: compilePattern(API_PREFIX + r.path), method: r.method })),
    { re: compilePattern(EVENTS_PATH), method: 'GET' },
  ];

  function routeMiss(path: string): { code: 'method-not-allowed'; allow: string } | { code: 'not-found' } {
    const q = path.indexOf('?');
    const p = q < 0 ? path : path.slice(0, q);
    const methods = [...new Set(patterns.filter((x) => x.re.test(p)).map((x) => x.method))].sort();
    return methods.length > 0 ? { code: 'method-not-allowed', allow: methods.join(', ') } : { code: 'not-found' };
  }

  function admit(authorization: string | undefined, address: string | undefined): Admission {
    const now = clock.now().getTime();
    const token = tokens.authenticate(authorization);
    if (token === undefined) {
      // Failed authentication is limited per remote address, at the same rate (DECISIONS §4).
      const rate = limiter.take(`addr:${address ?? 'unknown'}`, now);
      return { ok: false, code: rate.allowed ? 'unauthorized' : 'rate-limited', rate };
    }
    const rate = limiter.take(`token:${token.id}`, now);
    return rate.allowed ? { ok: true, token, rate } : { ok: false, code: 'rate-limited', rate };
  }

  /** Token and rate limit; answers and returns undefined when either refuses. */
  function gate(req: FastifyRequest, reply: FastifyReply): TokenRecord | undefined {
    const a = admit(req.headers.authorization, req.socket.remoteAddress);
    reply.header('RateLimit-Limit', a.rate.limit);
    reply.header('RateLimit-Remaining', a.rate.remaining);
    reply.header('RateLimit-Reset', a.rate.resetSeconds);
    if (a.ok) return a.token;
    if (a.code === 'rate-limited') reply.header('Retry-After', a.rate.resetSeconds);
    else reply.header('WWW-Authenticate', WWW_AUTHENTICATE);
    sendError(reply, a.code);
    return undefined;
  }

  /** The checks before the body is read: token, rate, scope, declared length. */
  function hookFor(scope: Scope) {
    return (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      const token = gate(req, reply);
      if (token === undefined) return;
      if (!token.scopes.has(scope)) {
        sendError(reply, 'forbidden', `This route needs the ${scope} scope, which the token does not hold.`, { scope });
        return;
      }
      const length = req.headers['content-length'];
      if (length !== undefined && Number(length) > BODY_LIMIT) {
        reply.header('Connection', 'close');
        sendError(reply, 'payload-too-large');
        return;
      }
      req.coreToken = token;
      done();
    };
  }

  // A path no row serves: after the token and the rate limit, 405 or 404, before any body is read.
  fastify.addHook('onRequest', (req, reply, done) => {
    if (!req.is404) return done();
    if (!gate(req, reply)) return;
    const miss = routeMiss(req.url);
    if (miss.code === 'method-not-allowed') {
      reply.header('Allow', miss.allow);
      sendError(reply, 'method-not-allowed', `This path answers ${miss.allow} only.`);
    } else sendError(reply, 'not-found');
  });
  fastify.setNotFoundHandler((_req, reply) => sendError(reply, 'not-found'));

  // Bodies are JSON objects. Other media types are read (so the size cap applies) and refused.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => {
    done(new BadRequest('body', 'body: send JSON with Content-Type: application/json.'), undefined);
  });

  fastify.setErrorHandler((error: FastifyError | BadRequest, req, reply) => {
    if (reply.sent) return;
    if (error instanceof BadRequest) return sendError(reply, 'bad-request', error.message, { field: error.field });
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      reply.header('Connection', 'close');
      return sendError(reply, 'payload-too-large');
    }
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendError(reply, 'bad-request', 'body: the body is not valid JSON.', { field: 'body' });
    }
    if (code?.startsWith('FST_ERR_CTP_') || (error as FastifyError).statusCode === 400) {
      return sendError(reply, 'bad-request', `body: ${error.message}`, { field: 'body' });
    }
    log.error(`${req.method} ${req.url.split('?')[0]} failed`, error);
    sendError(reply, 'internal-error');
  });

  function answer(row: RouteDefinition, reply: FastifyReply, result: { ok: true; value: unknown } | { ok: false; code: string; message: string }, answerCheck: TypeCheck<TSchema> | undefined): void {
    if (result.ok) {
      const data = result.value === undefined ? null : result.value;
      if (answerCheck && !answerCheck.Check(data)) {
        const e = answerCheck.Errors(data).First();
        log.error(`${row.name} answered data its schema does not allow at ${e?.path || '/'}: ${e?.message}`);
      }
      json(reply, 200, `{"ok":true,"data":${JSON.stringify(data)}}`);
      return;
    }
    const body = JSON.stringify({ ok: false, code: result.code, message: result.message });
    json(reply, row.notFoundIs404 && result.code === 'not-found' ? 404 : 200, body);
  }

  for (const row of o.routes) {
    const params = compile(row.params);
    const query = compile(row.query);
    const body = compile(row.body);
    const answerCheck = o.checkAnswers ? TypeCompiler.Compile(row.answer) : undefined;
    fastify.route({
      method: row.method,
      url: API_PREFIX + row.path,
      onRequest: hookFor(row.scope),
      handler(req, reply) {
        let input: RouteInput;
        try {
          input = {
            params: params ? validate(params, req.params, 'params') : {},
            query: query ? validate(query, req.query, 'query') : noExtra(req.query as Record<string, unknown>, 'query'),
            body: body ? validate(body, req.body, 'body') : noBody(req.body),
            actor: { kind: 'rest', label: (req.coreToken as TokenRecord).label },
          };
        } catch (e) {
          if (e instanceof BadRequest) return sendError(reply, 'bad-request', e.message, { field: e.field });
          throw e;
        }
        if (row.module !== null && !api.isModuleOn(row.module)) {
          return sendError(reply, 'module-off', `The ${row.module} module is switched off on this server.`);
        }
        dispatcher.call(row.name, () => row.call(api, input)).then(
          (outcome) => {
            if (outcome.kind === 'timeout') sendError(reply, 'timeout');
            else answer(row, reply, outcome.result, answerCheck);
          },
          (e: unknown) => {
            if (isInvalidInput(e)) return sendError(reply, 'bad-request', describe(e.field, e.message), { field: e.field });
            log.error(`${row.name} failed`, e);
            sendError(reply, 'internal-error');
          },
        );
      },
    });
  }

  // The event stream's path answers an ordinary request with 426; upgrades are event-stream.ts's.
  fastify.route({
    method: 'GET',
    url: EVENTS_PATH,
    onRequest: hookFor('events'),
    handler(_req, reply) {
      reply.header('Upgrade', 'websocket');
      sendError(reply, 'upgrade-required');
    },
  });

  return {
    fastify,
    admit,
    routeMiss,
    async listen() {
      await fastify.listen({ host: o.config.bind, port: o.config.port });
      const address = fastify.server.address();
      if (address === null || typeof address === 'string') return { host: o.config.bind, port: o.config.port };
      return { host: address.address, port: address.port };
    },
    close: () => fastify.close(),
  };
}

function noExtra(data: Record<string, unknown> | undefined, part: string): Record<string, unknown> {
  const extra = data ? Object.keys(data)[0] : undefined;
  if (extra !== undefined) throw new BadRequest(extra, `${extra}: this route takes no ${part} parameters.`);
  return {};
}

function noBody(data: unknown): Record<string, unknown> {
  if (data === undefined) return {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BadRequest('body', 'body: a body is a JSON object.');
  }
  return noExtra(data as Record<string, unknown>, 'body');
}
