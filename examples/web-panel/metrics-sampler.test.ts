// What the panel graphs from a scrape shaped like the service's GET /api/v1/metrics (the text
// format itself is the client's reader's, tested in clients/typescript/test/prometheus.test.ts).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCoreMetrics, requestsPerSecond } from './metrics-sampler.ts';

const SAMPLE = `# TYPE core_ticks_per_second gauge
core_ticks_per_second 19.8
# TYPE core_api_requests_total counter
core_api_requests_total{method="GET",route="/api/v1/players",status="200"} 12
core_api_requests_total{method="POST",route="/api/v1/players/{uuid}/balance/deposit",status="200"} 3
core_api_requests_total{method="GET",route="unmatched",status="404"} 10
process_cpu_seconds_total 1.5
`;

describe('the panel metrics', () => {
  it('gives the ticks per second and the sum of the request counter over every series', () => {
    assert.deepEqual(readCoreMetrics(SAMPLE), { ticksPerSecond: 19.8, requestsTotal: 25 });
  });

  it('gives null for a series the scrape does not hold', () => {
    assert.deepEqual(readCoreMetrics('# nothing yet\nprocess_cpu_seconds_total 2\n'), { ticksPerSecond: null, requestsTotal: null });
  });

  it('computes requests per second as the increase over the seconds between two scrapes', () => {
    assert.equal(requestsPerSecond({ atMs: 1000, total: 25 }, { atMs: 3000, total: 35 }), 5);
    // A restart starts the counter again: the new total is the increase.
    assert.equal(requestsPerSecond({ atMs: 1000, total: 250 }, { atMs: 2000, total: 4 }), 4);
    assert.equal(requestsPerSecond({ atMs: 1000, total: 1 }, { atMs: 1000, total: 2 }), null);
  });
});
