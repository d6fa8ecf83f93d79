// The metrics of GET /api/v1/metrics (docs/metrics.md): one prom-client Registry of the add-on's own
// (never the global one, so two servers in one process, as tests have, keep apart).
//
// The names are a contract (the web panel and examples/grafana build on them); a test checks the
// dashboard uses only names this registry exports.
//
// Why the request counters are not prom-client's own labelled children: a labelled child's inc() or
// observe() still builds its label-hash string (and an object or two) on every call, and the request
// path is benchmarked against bare node:http. So the hot path counts into plain numbers made once
// per row at startup (RouteMeter: an array indexed by status, a Float64Array of buckets), without
// allocating a label object or concatenating a string; the labels are rendered only at scrape time,
// by the small collectors below, which prom-client's Registry formats like its own metrics. A
// request costs one performance.now() at its start (shared with the access log), one at its answer,
// an array store and a bucket search. Gauges that read state (ticks, players, subscribers) are read
// at scrape time, never pushed.

import { collectDefaultMetrics, Counter, Gauge, Registry, type Histogram } from 'prom-client';
import { DB_OPERATIONS, type DbOperation, type DbTimer } from '../core/storage/db-timing.ts';
import type { GamePlatform } from '../platform/platform.ts';
import { MAX_WINDOW_SECONDS } from '../platform/tick-recorder.ts';

/** What the game gauges read, at scrape time: the platform's tick record and who is online. */
export type MetricsGame = Pick<GamePlatform, 'tickStats' | 'tickIntervalsSince' | 'onlinePlayers'>;

/** Tick intervals, seconds: fine around the 50 ms a tick should take, coarse beyond. */
export const TICK_BUCKETS = [0.025, 0.04, 0.045, 0.05, 0.055, 0.06, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5];
/** Request durations, seconds: from a cached read (well under a millisecond) to the 10 s upstream wait. */
export const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Database calls, seconds: a prepared read takes tens of microseconds. */
export const DB_BUCKETS = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5];

/** The route label of requests no row serves. */
export const UNMATCHED = 'unmatched';

/** A row's path as openapi.json writes it, without the /api/v1 prefix: `/players/:uuid` → `/players/{uuid}`. */
export function routeLabel(path: string): string {
  return path.replace(/:([A-Za-z0-9_-]+)/g, '{$1}');
}

/** One histogram's counts for one label set: per bucket (not cumulative; the last is +Inf), sum and count. */
export class HistogramCells {
  readonly bounds: readonly number[];
  readonly labels: Readonly<Record<string, string>>;
  readonly buckets: Float64Array;
  sum = 0;
  count = 0;
  constructor(bounds: readonly number[], labels: Readonly<Record<string, string>>) {
    this.bounds = bounds;
    this.labels = labels;
    this.buckets = new Float64Array(bounds.length + 1);
  }
  observe(value: number): void {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && value > (b[i] as number)) i++;
    this.buckets[i] = (this.buckets[i] as number) + 1;
    this.sum += value;
    this.count++;
  }
}

/** The counts of one row (or, for `unmatched`, one method): requests by status, and their durations. */
export class RouteMeter {
  /** Requests answered, indexed by status (holes for statuses never given). */
  readonly byStatus: number[] = [];
  readonly duration: HistogramCells;
  readonly method: string;
  readonly route: string;
  constructor(method: string, route: string) {
    this.method = method;
    this.route = route;
    this.duration = new HistogramCells(REQUEST_BUCKETS, { method, route });
  }
  /** An answer with `status` to a request that reached the checks at `startMs` (performance.now(); 0: unknown, counts 0 s). */
  answered(status: number, startMs: number): void {
    this.byStatus[status] = (this.byStatus[status] ?? 0) + 1;
    this.duration.observe(startMs === 0 ? 0 : (performance.now() - startMs) / 1000);
  }
}

interface SampleValue {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/**
 * A metric whose values are rendered from plain counts at scrape time. prom-client's Registry reads
 * a metric through `get()` (name, help, type and values) and formats it as it formats its own.
 */
class Collected {
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  private readonly values: () => SampleValue[];
  constructor(name: string, help: string, type: 'counter' | 'histogram', values: () => SampleValue[]) {
    this.name = name;
    this.help = help;
    this.type = type;
    this.values = values;
  }
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: SampleValue[] }> {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values() };
  }
  reset(): void {}
}

function histogramValues(name: string, cells: Iterable<HistogramCells>): SampleValue[] {
  const out: SampleValue[] = [];
  for (const c of cells) {
    let cumulative = 0;
    for (let i = 0; i <= c.bounds.length; i++) {
      cumulative += c.buckets[i] as number;
      out.push({ metricName: `${name}_bucket`, labels: { ...c.labels, le: i < c.bounds.length ? (c.bounds[i] as number) : '+Inf' }, value: cumulative });
    }
    out.push({ metricName: `${name}_sum`, labels: { ...c.labels }, value: c.sum });
    out.push({ metricName: `${name}_count`, labels: { ...c.labels }, value: c.count });
  }
  return out;
}

export interface Metrics {
  readonly registry: Registry;
  /** The meter of a row, made once when its route is registered: `route` is its openapi.json template. */
  meter(method: string, route: string): RouteMeter;
  /** The meter of requests no row serves, by method (the methods Node's parser accepts: a bounded set). */
  unmatched(method: string): RouteMeter;
  /** A 429: a token over its limit, or an address over its failed-authentication limit. */
  rateLimited(): void;
  /** An event went out to `subscribers` event-stream connections. */
  eventsSent(event: string, subscribers: number): void;
  /** Where the subscriber gauge reads the open event-stream connections (the stream is made after the registry). */
  countSubscribers(count: () => number): void;
  /** Times the database's calls (src/core/storage/db-timing.ts). */
  readonly dbTimer: DbTimer;
}

export function createMetrics(game: MetricsGame | undefined): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  // Game: read at scrape time. Ticks per second over the last minute, as `tps` reports it.
  new Gauge({
    name: 'core_ticks_per_second',
    help: 'Game ticks per second over the last minute (as /tps shows; 20 is full speed).',
    registers: [registry],
    collect() {
      this.set(game === undefined ? 0 : game.tickStats(MAX_WINDOW_SECONDS).ticksPerSecond);
    },
  });
  const ticks = new HistogramCells(TICK_BUCKETS, {});
  let tickCursor = 0;
  const observeTick = (ms: number) => ticks.observe(ms / 1000);
  register(
    new Collected('core_tick_duration_seconds', 'Interval between the starts of two game ticks, seconds (50 ms at full speed; what /tps reports).', 'histogram', () => {
      if (game !== undefined) tickCursor = game.tickIntervalsSince(tickCursor, observeTick);
      return histogramValues('core_tick_duration_seconds', [ticks]);
    }),
  );
  new Gauge({
    name: 'core_players_online',
    help: 'Players online now (vanished players included).',
    registers: [registry],
    collect() {
      this.set(game === undefined ? 0 : game.onlinePlayers().length);
    },
  });

  // The API.
  const meters: RouteMeter[] = [];
  const unmatchedByMethod = new Map<string, RouteMeter>();
  const meter = (method: string, route: string) => {
    const m = new RouteMeter(method, route);
    meters.push(m);
    return m;
  };
  register(
    new Collected('core_api_requests_total', 'Remote Access Service requests answered, by method, route (the openapi.json path template, or "unmatched") and status.', 'counter', () => {
      const out: SampleValue[] = [];
      for (const m of meters) {
        m.byStatus.forEach((value, status) => out.push({ labels: { method: m.method, route: m.route, status }, value }));
      }
      return out;
    }),
  );
  register(
    new Collected('core_api_request_duration_seconds', 'Time from a request reaching the checks to its answer, seconds, by method and route.', 'histogram', () =>
      histogramValues(
        'core_api_request_duration_seconds',
        meters.filter((m) => m.duration.count > 0).map((m) => m.duration),
      ),
    ),
  );
  const rateLimited = new Counter({
    name: 'core_api_rate_limited_total',
    help: 'Requests refused with 429: a token over requests-per-minute, or an address over its failed-authentication limit.',
    registers: [registry],
  });

  // The event stream.
  let subscribers: () => number = () => 0;
  new Gauge({
    name: 'core_event_stream_subscribers',
    help: 'Event-stream connections open now.',
    registers: [registry],
    collect() {
      this.set(subscribers());
    },
  });
  const sent = new Map<string, number>();
  register(
    new Collected('core_event_stream_events_sent_total', 'Event messages sent to event-stream subscribers (one per subscriber), by event name.', 'counter', () =>
      [...sent].map(([event, value]) => ({ labels: { event }, value })),
    ),
  );

  // The database.
  const db = Object.fromEntries(DB_OPERATIONS.map((op) => [op, new HistogramCells(DB_BUCKETS, { operation: op })])) as Record<DbOperation, HistogramCells>;
  register(
    new Collected('core_db_call_duration_seconds', 'SQLite calls, seconds, by operation: read (a select), write (a statement changing rows, before its commit), commit (a group of writes).', 'histogram', () =>
      histogramValues('core_db_call_duration_seconds', Object.values(db)),
    ),
  );

  function register(c: Collected): void {
    // The Registry formats any metric that answers get() as its own do; its type names only its four classes.
    registry.registerMetric(c as unknown as Histogram);
  }

  return {
    registry,
    meter,
    unmatched(method) {
      let m = unmatchedByMethod.get(method);
      if (m === undefined) {
        m = meter(method, UNMATCHED);
        unmatchedByMethod.set(method, m);
      }
      return m;
    },
    rateLimited: () => rateLimited.inc(),
    eventsSent(event, subscribers) {
      sent.set(event, (sent.get(event) ?? 0) + subscribers);
    },
    countSubscribers(count) {
      subscribers = count;
    },
    dbTimer: (operation, seconds) => db[operation].observe(seconds),
  };
}
