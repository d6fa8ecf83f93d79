// The Remote Access Service add-on ("core-rest"): the composition root of src/rest, called by
// src/main.ts after the kernel has booted. A faulty rest.conf stops the start, as every config file
// does (src/main.ts reads it in the start-up check, before any port opens); a listener that cannot
// open (the port taken) logs one line and stays closed, and the game server keeps running.

import type { CoreApi } from '../core/kernel/api.ts';
import type { Clock } from '../core/kernel/clock.ts';
import type { CommandRegistry } from '../core/commands/commands.ts';
import type { Database } from '../core/storage/db.ts';
import { createDispatcher, type Dispatcher } from '../core/kernel/dispatcher.ts';
import type { EventBus } from '../core/kernel/events.ts';
import type { Logger } from '../core/log/log.ts';
import { join } from 'node:path';
import { createConfigFiles, type ConfigFiles } from '../core/config/config-reload.ts';
import type { AccessLog } from './access-log.ts';
import { bindsEverywhere, CONFIG_FILE_NAME, restReloadable } from './config.ts';
import { limitConnections, type ConnectionLimits } from './connection-limits.ts';
import { attachEventStream, type EventStream } from './event-stream.ts';
import { createRateLimiter, isAddressBucket, type RateLimiter } from './rate-limit.ts';
import { API_PREFIX } from './route-table.ts';
import type { RouteDefinition } from '../core/kernel/routes.ts';
import { routeTable } from './routes.ts';
import { createRestServer, EVENTS_PATH, type RestServer } from './server.ts';
import { coreApiCommand } from './coreapi-command.ts';
import { createTokenStore } from './tokens.ts';
import type { NetworkSignals } from '../core/network/network-signals.ts';
import { createIdempotencyStore, type IdempotencyStore } from './idempotency.ts';
import { messageOf } from '../core/text/sentence.ts';
import { catalogueOf } from '../core/kernel/event-catalogue.ts';
import type { ModuleDefinition } from '../core/kernel/module.ts';
import { renderDocs } from './docs.ts';
import { DOCS_ROUTE, OPENAPI_ROUTE } from './reference.ts';
import type { ServedDocument } from './reference-routes.ts';
import { timeDatabase } from '../core/storage/db.ts';
import { createMetrics, type MetricsGame } from './metrics.ts';
import { describeUrl } from '../network-config.ts';
import { startEventBridge, type EventBridge } from './event-bridge.ts';
import { openRedisLink, type RedisLink } from './redis-link.ts';
import { redisRateShare } from './rate-redis.ts';

/** The upstream wait (docs/remote-access.md, "Limits"): a call without an answer within it gives 504. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

/** Knobs for tests and the benchmark; the defaults are the documented behaviour. */
export interface RestTuning {
  /** Event stream: quiet time before a ping (60 s) and time a pong may take (30 s). */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  /** Event stream: bytes waiting before a subscriber is closed with 1013 (1 MiB). */
  maxBufferedBytes?: number;
  /** Rate-limit sharing through the database (default: on for PostgreSQL) and its flush interval (1 s). */
  rateLimitShared?: boolean;
  rateLimitFlushMs?: number;
  /**
   * Rate limit per token through Redis when network.conf names one (default: on with PostgreSQL,
   * where the servers share their tokens; with SQLite each server has its own tokens and ids), and
   * its exchange interval (200 ms).
   */
  rateLimitRedis?: boolean;
  rateLimitRedisFlushMs?: number;
  /** Longest wait between two attempts to reach Redis again (5 s). */
  redisRetryMaxMs?: number;
  /** Token reload interval for a shared database (default: 10 s on PostgreSQL, off on SQLite). */
  tokenRefreshMs?: number;
  /** Check every answer against its row's schema and log mismatches. */
  checkAnswers?: boolean;
  /** Time for a request to arrive whole (15 s) and how often it is checked (1 s). */
  requestDeadlineMs?: number;
  deadlineCheckMs?: number;
}

export interface RestAddonOptions {
  /** The add-on's config folder, `data/core-rest`. */
  configDir: string;
  database: Database;
  api: CoreApi;
  /**
   * Every module the server knows, on or off (the kernel's `modules`): the route table, the
   * reference and the event catalogue are made from their declarations.
   */
  modules: readonly ModuleDefinition[];
  events: EventBus;
  commands: CommandRegistry;
  clock: Clock;
  log: Logger;
  version: string;
  /** This server's name in the network (network.conf `server-name`): `server` in the data of each of its events. */
  serverName: string;
  /** The network's Redis (network.conf `redis`), or null: events and the rate limit stay on this server. */
  redis?: string | null;
  /** The dispatcher of published-API calls; defaults to the kernel one with the 10-second timeout. */
  dispatcher?: Dispatcher;
  /**
   * Where rest.conf is kept for `core reload`, read by the start-up check already in a server
   * (src/main.ts); none: read here, once.
   */
  configs?: ConfigFiles;
  /** Rows added to the table (tests). */
  routes?: RouteDefinition[];
  /** Where the access log's entries go (one per request) while rest.conf has `access-log = true`. */
  accessLog?: AccessLog;
  /** What the game metrics read at scrape time (tick record, players online); absent: they read 0. */
  game?: MetricsGame;
  tuning?: RestTuning;
  /** Tokens issued or revoked on the other servers sharing the PostgreSQL database (the kernel's `signals`). */
  signals?: NetworkSignals;
}

export interface RestAddon {
  /** Where the listener is, or null while it is closed (switched off, port taken). */
  readonly listening: { host: string; port: number } | null;
  /** Event streams close with 1001, then the listener closes. */
  stop(): Promise<void>;
}

/**
 * The reference the listener serves, rendered once at start from the published route table (rows
 * a test adds are not published), so /api/v1/openapi.json is docs/openapi.json of this version.
 */
function referenceDocuments(routes: readonly RouteDefinition[], modules: readonly ModuleDefinition[], version: string): ServedDocument[] {
  const docs = renderDocs(routes, catalogueOf(modules), version);
  return [
    { route: OPENAPI_ROUTE, body: docs.openapi },
    { route: DOCS_ROUTE, body: docs.reference },
  ];
}

export async function startRestAddon(o: RestAddonOptions): Promise<RestAddon> {
  const { log } = o;
  const file = join(o.configDir, CONFIG_FILE_NAME);
  let listening: { host: string; port: number } | null = null;
  // The one config object every part of the listener reads at each use; a reload updates its live
  // keys in place. While closed, a reload reports every change as waiting for a restart. Read by
  // the start-up check already in a server (src/main.ts): a faulty file stopped the start there;
  // read here otherwise, and a faulty file throws all the same.
  const c = (o.configs ?? createConfigFiles()).load(restReloadable(o.configDir, () => listening !== null))();
  const routes = routeTable(o.modules);

  const tokens = await createTokenStore({
    database: o.database,
    clock: o.clock,
    log,
    ...(o.signals !== undefined ? { signals: o.signals } : {}),
    ...(o.tuning?.tokenRefreshMs !== undefined ? { refreshMs: o.tuning.tokenRefreshMs } : {}),
  });

  let closedBecause: string;
  let server: RestServer | undefined;
  let stream: EventStream | undefined;
  let limiter: RateLimiter | undefined;
  let idempotency: IdempotencyStore | undefined;
  let connections: ConnectionLimits | undefined;

  const status = (): string[] => {
    if (!listening) return [`Remote Access Service: closed (${closedBecause}).`];
    const subs = stream?.subscribers() ?? [];
    const max = c.maxSubscribers;
    return [
      `Remote Access Service ${o.version}: listening on http://${listening.host}:${listening.port}${API_PREFIX}; connections open: ${connections?.open() ?? 0} of ${c.maxConnections}.`,
      `Event-stream subscribers: ${subs.length} of ${max}.`,
      ...subs.map((s) => `- ${s.label} from ${s.address} since ${s.since}: ${s.patterns.length ? s.patterns.join(', ') : 'no patterns yet'}`),
    ];
  };
  o.commands.register(coreApiCommand({ tokens, api: o.api, status }));

  const closed = (): RestAddon => ({
    get listening() {
      return null;
    },
    stop: () => tokens.close(),
  });

  if (!c.enabled) {
    log.info(`The Remote Access Service is switched off: set enabled = true in ${file} and restart the server to open it.`);
    closedBecause = `switched off: enabled = false in ${file}`;
    return closed();
  }
  if (bindsEverywhere(c.bind)) {
    log.warn(
      `bind = "${c.bind}" in ${file}: the Remote Access Service listens on every network interface, in plain HTTP; put a TLS reverse proxy in front of it for outside access.`,
    );
  }

  const accessLog = c.accessLog ? o.accessLog : undefined;
  // Redis (docs/network.md): opened without waiting; its parts work locally until it answers.
  const link: RedisLink | undefined = o.redis ? openRedisLink({ url: o.redis, ...(o.tuning?.redisRetryMaxMs !== undefined ? { retryMaxMs: o.tuning.redisRetryMaxMs } : {}) }) : undefined;
  const where = o.redis ? describeUrl(o.redis) : '';
  const bridge: EventBridge | undefined = link ? startEventBridge({ link, where, serverName: o.serverName, events: o.events, log }) : undefined;
  const rateThroughRedis = link !== undefined && (o.tuning?.rateLimitRedis ?? o.database.kind === 'postgres');
  limiter = await createRateLimiter({
    // Tokens by requests-per-minute; failed logins per address by their own, low limit (docs/security.md).
    limit: (bucket) => (isAddressBucket(bucket) ? c.failedAuthPerMinute : c.requestsPerMinute),
    log,
    database: o.database,
    now: () => o.clock.now().getTime(),
    ...(o.tuning?.rateLimitShared !== undefined ? { shared: o.tuning.rateLimitShared } : {}),
    ...(o.tuning?.rateLimitFlushMs !== undefined ? { flushMs: o.tuning.rateLimitFlushMs } : {}),
    ...(rateThroughRedis ? { network: redisRateShare(link.commands, where, o.tuning?.rateLimitRedisFlushMs) } : {}),
  });
  idempotency = await createIdempotencyStore({ database: o.database, clock: o.clock, log });
  // GET /api/v1/metrics (docs/metrics.md): the database's calls are timed only while the listener is open.
  const metrics = createMetrics(o.game);
  timeDatabase(o.database, metrics.dbTimer);
  server = createRestServer({
    config: c,
    api: o.api,
    tokens,
    limiter,
    dispatcher: o.dispatcher ?? createDispatcher({ timeoutMs: UPSTREAM_TIMEOUT_MS }),
    routes: [...routes, ...(o.routes ?? [])],
    clock: o.clock,
    log,
    checkAnswers: o.tuning?.checkAnswers ?? false,
    ...(accessLog !== undefined ? { accessLog } : {}),
    idempotency,
    metrics,
    ...(o.tuning?.requestDeadlineMs !== undefined ? { requestDeadlineMs: o.tuning.requestDeadlineMs } : {}),
    ...(o.tuning?.deadlineCheckMs !== undefined ? { deadlineCheckMs: o.tuning.deadlineCheckMs } : {}),
    documents: referenceDocuments(routes, o.modules, o.version),
  });
  connections = limitConnections(server.fastify.server, () => c.maxConnections, log);
  stream = attachEventStream({
    server: server.fastify.server,
    rest: server,
    tokens,
    events: o.events,
    serverName: o.serverName,
    ...(bridge ? { remote: bridge } : {}),
    maxSubscribers: () => c.maxSubscribers,
    clock: o.clock,
    log,
    ...(o.tuning?.pingIntervalMs !== undefined ? { pingIntervalMs: o.tuning.pingIntervalMs } : {}),
    ...(o.tuning?.pongTimeoutMs !== undefined ? { pongTimeoutMs: o.tuning.pongTimeoutMs } : {}),
    ...(o.tuning?.maxBufferedBytes !== undefined ? { maxBufferedBytes: o.tuning.maxBufferedBytes } : {}),
    ...(accessLog !== undefined ? { accessLog } : {}),
    metrics,
  });

  try {
    listening = await server.listen();
  } catch (e) {
    log.error(
      `The Remote Access Service cannot listen on ${c.bind} port ${c.port} (${messageOf(e)}); it stays closed. Change bind or port in ${file} and restart.`,
    );
    closedBecause = `cannot listen on ${c.bind} port ${c.port}`;
    timeDatabase(o.database, undefined);
    await stream.close();
    await server.close().catch(() => undefined);
    await limiter.close();
    bridge?.close();
    await link?.close();
    await idempotency.close();
    return closed();
  }
  const shown = listening.host.includes(':') ? `[${listening.host}]` : listening.host;
  log.info(`Remote Access Service listening on http://${shown}:${listening.port}${API_PREFIX} (event stream ${EVENTS_PATH}).`);

  let stopping: Promise<void> | undefined;
  const srv = server;
  const str = stream;
  const lim = limiter;
  const idem = idempotency;
  return {
    get listening() {
      return listening;
    },
    stop() {
      stopping ??= (async () => {
        await str.close();
        await srv.close();
        timeDatabase(o.database, undefined);
        listening = null;
        closedBecause = 'stopped';
        await lim.close();
        bridge?.close();
        await link?.close();
        await idem.close();
        await tokens.close();
      })();
      return stopping;
    },
  };
}
