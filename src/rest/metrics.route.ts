// GET /api/v1/metrics: the registry of ./metrics.ts in Prometheus's text format. Not a row of the
// route table (its answer is not the JSON envelope), but it goes through the same checks as every
// row (token 401, rate limit 429, the read scope 403), refused in the envelope; openapi.json
// describes it through its PlainRoute entry (./openapi.ts).
//
// Also here: which meter an answer is counted under (a row's, set when the request reached its
// route, or `unmatched`), for the one writer of answers in ./server.ts.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../core/log/log.ts';
import type { Metrics, RouteMeter } from './metrics.ts';
import type { PlainRoute } from './openapi.ts';
import { API_PREFIX } from './route-table.ts';
import type { Scope, TokenRecord } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The meter of the row that serves this request, set as it reaches the row; null: unmatched. */
    coreMeter: RouteMeter | null;
  }
}

export const METRICS_ROUTE = '/metrics';
export const METRICS_PATH = API_PREFIX + METRICS_ROUTE;

/** How openapi.json describes the route. */
export const METRICS_DOC: PlainRoute = {
  path: METRICS_ROUTE,
  tag: 'service',
  summary: 'Metrics for dashboards, in the Prometheus text format',
  description:
    'Game ticks, players online, API requests and their durations, rate-limit refusals, event-stream subscribers and events sent, database call durations, and the process (memory, heap, event-loop lag, GC). Every name and label is in docs/metrics.md. Behind the `read` scope: the figures show how the server is used.',
  scope: 'read',
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
  example: '# HELP core_players_online Players online now (vanished players included).\n# TYPE core_players_online gauge\ncore_players_online 1\n',
};

export interface MetricsRouteOptions {
  fastify: FastifyInstance;
  metrics: Metrics;
  log: Logger;
  /** The server's checks before a handler runs (token, rate limit, scope): answers a refusal, or runs `then`. */
  check(req: FastifyRequest, reply: FastifyReply, scope: Scope, then: (token: TokenRecord) => void): void;
  /** The server's writer of answers (rate headers, access log, counting) with a content type. */
  send(reply: FastifyReply, status: number, body: string, extraHeaders: undefined, contentType: string): void;
  /** Answers 500 in the envelope. */
  internalError(reply: FastifyReply): void;
}

export function registerMetricsRoute(o: MetricsRouteOptions): void {
  const meter = o.metrics.meter('GET', METRICS_ROUTE);
  const { registry } = o.metrics;
  o.fastify.route({
    method: 'GET',
    url: METRICS_PATH,
    handler(req, reply) {
      req.coreMeter = meter;
      o.check(req, reply, 'read', () =>
        registry.metrics().then(
          (text) => o.send(reply, 200, text, undefined, registry.contentType),
          (e: unknown) => {
            o.log.error('GET /metrics failed', e);
            o.internalError(reply);
          },
        ),
      );
    },
  });
}

/** Counts an answer just written under its row's meter, or under `unmatched` for its method. */
export function countAnswer(metrics: Metrics, req: FastifyRequest, status: number): void {
  (req.coreMeter ?? metrics.unmatched(req.method)).answered(status, req.coreStart);
}
