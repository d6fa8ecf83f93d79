// The panel's Prometheus reader on a scrape shaped like the service's GET /api/v1/metrics.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePrometheus, readCoreMetrics, requestsPerSecond } from './prometheus.ts';

const SAMPLE = `# HELP core_ticks_per_second Game ticks in the last second.
# TYPE core_ticks_per_second gauge
core_ticks_per_second 19.8
# HELP core_api_requests_total Requests answered by the Remote Access Service.
# TYPE core_api_requests_total counter
core_api_requests_total{method="GET",route="/api/v1/players",status="200"} 12
core_api_requests_total{method="POST",route="/api/v1/players/{uuid}/balance/deposit",status="200"} 3
core_api_requests_total{ method="GET" , route="/api/v1/odd \\"quoted\\", path\\\\x" , status="404" } 1e1 1764150000000
# HELP process_cpu_seconds_total Total user and system CPU time.
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total 1.5
nodejs_heap_space_size_total_bytes{space="read_only"} +Inf
`;

describe('the Prometheus reader', () => {
  it('reads names, labels (escapes included), values and skips comments and timestamps', () => {
    const samples = parsePrometheus(SAMPLE);
    assert.equal(samples.length, 6);
    assert.deepEqual(samples[0], { name: 'core_ticks_per_second', labels: {}, value: 19.8 });
    assert.deepEqual(samples[3], {
      name: 'core_api_requests_total',
      labels: { method: 'GET', route: '/api/v1/odd "quoted", path\\x', status: '404' },
      value: 10,
    });
    assert.equal(samples[5]?.value, Infinity);
  });

  it('gives the ticks per second and the sum of the request counter over every series', () => {
    assert.deepEqual(readCoreMetrics(SAMPLE), { ticksPerSecond: 19.8, requestsTotal: 25 });
  });

  it('gives null for a series the scrape does not hold', () => {
    assert.deepEqual(readCoreMetrics('# nothing yet\nprocess_cpu_seconds_total 2\n'), { ticksPerSecond: null, requestsTotal: null });
  });

  it('names the line it cannot read', () => {
    assert.throws(() => parsePrometheus('core_ticks_per_second 20\ncore_api_requests_total{method="GET" 3\n'), /line 2/);
    assert.throws(() => parsePrometheus('core_ticks_per_second twenty\n'), /line 1/);
  });

  it('computes requests per second as the increase over the seconds between two scrapes', () => {
    assert.equal(requestsPerSecond({ atMs: 1000, total: 25 }, { atMs: 3000, total: 35 }), 5);
    // A restart starts the counter again: the new total is the increase.
    assert.equal(requestsPerSecond({ atMs: 1000, total: 250 }, { atMs: 2000, total: 4 }), 4);
    assert.equal(requestsPerSecond({ atMs: 1000, total: 1 }, { atMs: 1000, total: 2 }), null);
  });
});
