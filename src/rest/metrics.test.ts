import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { TickRecorder } from '../platform/tick-recorder.ts';
import type { OnlinePlayer } from '../platform/platform.ts';
import { parsePrometheusText, seriesNames } from '../../clients/typescript/src/index.ts';
import { createMetrics, routeLabel, type MetricsGame } from './metrics.ts';
import { METRICS_DOC } from './metrics.route.ts';
import { buildOpenApi } from './openapi.ts';
import { ROUTES } from '../../test/support/published.ts';
import { http, startHarness } from './test-support.ts';
import { TEST_DATABASE } from '../../test/support/test-database.ts';

/** The contract other tools build on (docs/metrics.md): each name and its TYPE. */
const CONTRACT: Record<string, string> = {
  core_ticks_per_second: 'gauge',
  core_tick_duration_seconds: 'histogram',
  core_players_online: 'gauge',
  core_api_requests_total: 'counter',
  core_api_request_duration_seconds: 'histogram',
  core_api_rate_limited_total: 'counter',
  core_event_stream_subscribers: 'gauge',
  core_event_stream_events_sent_total: 'counter',
  core_db_call_duration_seconds: 'histogram',
  process_resident_memory_bytes: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
  nodejs_eventloop_lag_p99_seconds: 'gauge',
  nodejs_gc_duration_seconds: 'histogram',
};

/**
 * The metric names a PromQL expression uses: the server's (core_…) and prom-client's process and
 * Node ones (process_…, nodejs_…). Label values and Grafana variables are not names.
 */
function metricNamesIn(expr: string): string[] {
  const outsideStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return [...new Set(outsideStrings.match(/\b(?:core|process|nodejs)_[a-zA-Z0-9_:]+/g) ?? [])];
}

/** A game loop that ticked every 50 ms for 10 s, with one player online. */
function game(): { g: MetricsGame; ticks: TickRecorder; at: { now: number } } {
  const ticks = new TickRecorder();
  const at = { now: 0 };
  for (let i = 0; i <= 200; i++) ticks.record((at.now = i * 50));
  const g: MetricsGame = {
    tickStats: (w) => ticks.stats(at.now, w),
    tickIntervalsSince: (c, each) => ticks.intervalsSince(c, each),
    onlinePlayers: () => [{ uuid: 'u', name: 'Ann' } as OnlinePlayer],
  };
  return { g, ticks, at };
}

describe('metrics (the registry)', () => {
  it('exports every contract name with its type, process metrics included', async () => {
    const m = createMetrics(game().g);
    const scrape = parsePrometheusText(await m.registry.metrics());
    for (const [name, type] of Object.entries(CONTRACT)) assert.equal(scrape.types.get(name), type, name);
    assert.equal(m.registry.contentType, 'text/plain; version=0.0.4; charset=utf-8');
  });

  it('reads the game at scrape time: ticks per second, each tick interval once, players online', async () => {
    const { g, ticks, at } = game();
    const m = createMetrics(g);
    let s = parsePrometheusText(await m.registry.metrics());
    assert.equal(s.value('core_ticks_per_second'), 20);
    assert.equal(s.value('core_players_online'), 1);
    assert.equal(s.value('core_tick_duration_seconds_count'), 200);
    assert.equal(s.value('core_tick_duration_seconds_bucket', { le: '0.05' }), 200);
    assert.equal(s.value('core_tick_duration_seconds_bucket', { le: '0.045' }), 0);
    ticks.record((at.now += 300)); // one slow tick
    s = parsePrometheusText(await m.registry.metrics());
    assert.equal(s.value('core_tick_duration_seconds_count'), 201, 'the earlier intervals are not counted again');
    assert.equal(s.value('core_tick_duration_seconds_bucket', { le: '0.25' }), 200);
    assert.equal(s.value('core_tick_duration_seconds_bucket', { le: '0.5' }), 201);
  });

  it('counts answers by row and status, durations by row, unmatched by method, events, 429s and database calls', async () => {
    const m = createMetrics(undefined);
    const row = m.meter('GET', routeLabel('/players/:uuid/balance'));
    const start = performance.now();
    row.answered(200, start);
    row.answered(200, start);
    row.answered(403, start);
    m.unmatched('DELETE').answered(404, start);
    m.unmatched('DELETE').answered(404, 0);
    m.eventsSent('economy.wallet-credit', 3);
    m.rateLimited();
    m.dbTimer('read', 0.00003);
    m.dbTimer('commit', 0.002);
    m.countSubscribers(() => 2);
    const s = parsePrometheusText(await m.registry.metrics());
    const route = '/players/{uuid}/balance';
    assert.equal(s.value('core_api_requests_total', { method: 'GET', route, status: '200' }), 2);
    assert.equal(s.value('core_api_requests_total', { method: 'GET', route, status: '403' }), 1);
    assert.equal(s.value('core_api_requests_total', { method: 'DELETE', route: 'unmatched', status: '404' }), 2);
    assert.equal(s.value('core_api_request_duration_seconds_count', { method: 'GET', route }), 3);
    assert.equal(s.value('core_api_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' }), 3);
    assert.equal(s.value('core_event_stream_events_sent_total', { event: 'economy.wallet-credit' }), 3);
    assert.equal(s.value('core_event_stream_subscribers'), 2);
    assert.equal(s.value('core_api_rate_limited_total'), 1);
    assert.equal(s.value('core_db_call_duration_seconds_bucket', { operation: 'read', le: '0.00005' }), 1);
    assert.equal(s.value('core_db_call_duration_seconds_count', { operation: 'commit' }), 1);
    assert.equal(s.value('core_db_call_duration_seconds_count', { operation: 'write' }), 0);
  });
});

describe('GET /api/v1/metrics on the add-on', () => {
  it('answers the text format to a token with read; 401 without, 403 without read, 405 for POST, in the envelope', async () => {
    const h = await startHarness();
    try {
      const reader = await h.token('reader', 'read');
      const events = await h.token('listener', 'events');
      const none = await http(h.port, 'GET', '/api/v1/metrics');
      assert.equal(none.status, 401);
      assert.equal(none.json.code, 'unauthorized');
      const forbidden = await http(h.port, 'GET', '/api/v1/metrics', { token: events });
      assert.equal(forbidden.status, 403);
      assert.equal(forbidden.json.scope, 'read');
      const post = await http(h.port, 'POST', '/api/v1/metrics', { token: reader, body: {} });
      assert.equal(post.status, 405);
      assert.equal(post.headers.allow, 'GET');
      await http(h.port, 'GET', '/api/v1/status', { token: reader });
      const ok = await http(h.port, 'GET', '/api/v1/metrics', { token: reader });
      assert.equal(ok.status, 200);
      assert.equal(ok.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
      assert.ok(ok.headers['ratelimit-remaining'] !== undefined);
      const s = parsePrometheusText(ok.text);
      assert.equal(s.value('core_api_requests_total', { method: 'GET', route: '/status', status: '200' }), 1);
      assert.equal(s.value('core_api_requests_total', { method: 'GET', route: '/metrics', status: '401' }), 1);
      assert.equal(s.value('core_api_requests_total', { method: 'GET', route: '/metrics', status: '403' }), 1);
      assert.equal(s.value('core_api_requests_total', { method: 'POST', route: 'unmatched', status: '405' }), 1);
      // Database calls are timed on SQLite only (docs/metrics.md): on PostgreSQL the histogram stays empty.
      const writes = s.value('core_db_call_duration_seconds_count', { operation: 'write' }) ?? 0;
      if (TEST_DATABASE === 'sqlite') assert.ok(writes > 0, 'issuing the tokens wrote to SQLite');
      else assert.equal(writes, 0, 'PostgreSQL calls are not timed');
    } finally {
      await h.close();
    }
  });
});

describe('openapi.json and the dashboard', () => {
  it('documents GET /api/v1/metrics: a text/plain 200 with an example, and the envelope refusals', () => {
    const doc = buildOpenApi(ROUTES, 'x', [METRICS_DOC]) as { paths: Record<string, { get?: { 'x-scope': string; responses: Record<string, { content?: Record<string, { example?: string }> }> } }> };
    const op = doc.paths['/api/v1/metrics']?.get;
    assert.ok(op, 'GET /api/v1/metrics is in the document');
    assert.equal(op['x-scope'], 'read');
    assert.match(op.responses['200']?.content?.['text/plain']?.example ?? '', /^core_players_online 1$/m);
    assert.deepEqual(Object.keys(op.responses).sort(), ['200', '401', '403', '405', '429', '500']);
  });

  it('examples/grafana/core-dashboard.json parses and uses only metric names the server exports', async () => {
    const dash = JSON.parse(readFileSync(new URL('../../examples/grafana/core-dashboard.json', import.meta.url), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
      templating: { list: { name: string; query?: unknown }[] };
    };
    const m = createMetrics(game().g);
    // Labelled series appear once observed: one of each.
    m.meter('GET', '/status').answered(200, performance.now());
    m.eventsSent('economy.wallet-credit', 1);
    const exported = seriesNames(parsePrometheusText(await m.registry.metrics()));
    const exprs = [...dash.panels.flatMap((p) => p.targets.map((t) => t.expr)), ...dash.templating.list.flatMap((v) => (typeof v.query === 'string' ? [v.query] : []))];
    assert.ok(dash.panels.length >= 10);
    const used = exprs.flatMap(metricNamesIn);
    assert.ok(used.length >= 10);
    for (const name of used) assert.ok(exported.has(name), `${name} is exported`);
    assert.ok(dash.templating.list.some((v) => v.name === 'datasource'), 'a Prometheus data-source variable');
  });
});
