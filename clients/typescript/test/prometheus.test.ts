// The Prometheus text reader on a scrape shaped like the service's GET /api/v1/metrics, and on the
// lines the format does not allow.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePrometheusText, seriesNames } from '../src/index.ts';

const SAMPLE = `# HELP core_ticks_per_second Game ticks in the last second.
# TYPE core_ticks_per_second gauge
core_ticks_per_second 19.8
# HELP core_api_requests_total Requests answered by the Remote Access Service.
# TYPE core_api_requests_total counter
core_api_requests_total{method="GET",route="/api/v1/players",status="200"} 12
core_api_requests_total{method="POST",route="/api/v1/players/{uuid}/balance/deposit",status="200"} 3
core_api_requests_total{ method="GET" , route="/api/v1/odd \\"quoted\\", path\\\\x" , status="404" } 1e1 1764150000000
# a comment of no kind the format names, ignored
# TYPE core_tick_duration_seconds histogram
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total 1.5
nodejs_heap_space_size_total_bytes{space="read_only"} +Inf
nodejs_gc_ratio{kind="a\\\\nb"} Nan
`;

describe('the Prometheus text reader', () => {
  it('reads names, labels (escapes included), values and skips comments and timestamps', () => {
    const { samples } = parsePrometheusText(SAMPLE);
    assert.equal(samples.length, 7);
    assert.deepEqual(samples[0], { name: 'core_ticks_per_second', labels: {}, value: 19.8 });
    assert.deepEqual(samples[3], {
      name: 'core_api_requests_total',
      labels: { method: 'GET', route: '/api/v1/odd "quoted", path\\x', status: '404' },
      value: 10,
    });
    assert.equal(samples[5]?.value, Infinity);
    // An escaped backslash before an `n` is a backslash and an n, not a line break.
    assert.deepEqual(samples[6]?.labels, { kind: 'a\\nb' });
    assert.ok(Number.isNaN(samples[6]?.value));
  });

  it('keeps each family TYPE and lists the series declared, histogram parts included', () => {
    const scrape = parsePrometheusText(SAMPLE);
    assert.equal(scrape.types.get('core_ticks_per_second'), 'gauge');
    assert.equal(scrape.types.get('core_tick_duration_seconds'), 'histogram');
    const names = seriesNames(scrape);
    for (const n of ['core_api_requests_total', 'core_tick_duration_seconds_bucket', 'core_tick_duration_seconds_count', 'nodejs_gc_ratio']) assert.ok(names.has(n), n);
  });

  it('finds a value by name and labels, and sums a counter over its series', () => {
    const scrape = parsePrometheusText(SAMPLE);
    assert.equal(scrape.value('core_ticks_per_second'), 19.8);
    assert.equal(scrape.value('core_api_requests_total', { method: 'POST' }), 3);
    assert.equal(scrape.value('core_api_requests_total', { status: '500' }), undefined);
    assert.throws(() => scrape.value('core_api_requests_total', { method: 'GET' }), /2 samples/);
    assert.equal(scrape.sum('core_api_requests_total'), 25);
    assert.equal(scrape.sum('core_api_requests_total', { status: '200' }), 15);
    assert.equal(scrape.sum('core_players_online'), 0);
    assert.equal(scrape.has('core_api_requests_total'), true);
    assert.equal(scrape.has('core_players_online'), false);
  });

  it('names the line it cannot read', () => {
    assert.throws(() => parsePrometheusText('core_ticks_per_second 20\ncore_api_requests_total{method="GET" 3\n'), /line 2/);
    assert.throws(() => parsePrometheusText('core_ticks_per_second twenty\n'), /line 1/);
    assert.throws(() => parsePrometheusText('core_ticks_per_second 20 soon\n'), /line 1/);
    assert.throws(() => parsePrometheusText('up-1\n'), /line 1/);
    assert.throws(() => parsePrometheusText('# TYPE core_ticks_per_second\n'), /line 1 is not a TYPE/);
    assert.throws(() => parsePrometheusText('# HELP\n'), /line 1 is not a HELP or TYPE/);
  });
});
