// GET /api/v1/metrics on the real server, as a Prometheus scrape sees it: a player online, a little
// traffic of every kind (reads, a write, a 404, a 403, a 429, an event-stream subscriber receiving
// an event), then the scrape: behind a token with read, the text parses, every contract name is
// there, and each counter moved by what the test did.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { joinBot, quitAll } from './support/bots.ts';
import { startRestServer, type RestServer, type Subscription } from './support/rest-server.ts';
import { newDataDir } from './support/server-process.ts';
import { TEST_DATABASE } from '../support/test-database.ts';
import { http } from '../../src/rest/test-support.ts';
import { parsePrometheusText, type PrometheusScrape } from '../../clients/typescript/src/index.ts';

/** Low enough to reach a 429 cheaply; every other token of the test stays well under it. */
const LIMIT = 40;

const CONTRACT = [
  'core_ticks_per_second',
  'core_tick_duration_seconds',
  'core_players_online',
  'core_api_requests_total',
  'core_api_request_duration_seconds',
  'core_api_rate_limited_total',
  'core_event_stream_subscribers',
  'core_event_stream_events_sent_total',
  'core_db_call_duration_seconds',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_gc_duration_seconds',
];

describe('GET /api/v1/metrics on the real server', () => {
  const dataDir = newDataDir();
  let rs: RestServer;
  let reader: string;
  let sub: Subscription | undefined;

  before(async () => {
    rs = await startRestServer({ dataDir, requestsPerMinute: LIMIT });
    reader = await rs.token('scraper', 'read');
  });
  after(async () => {
    sub?.close();
    await quitAll();
    await rs?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function scrape(): Promise<PrometheusScrape> {
    const a = await http(rs.restPort, 'GET', '/api/v1/metrics', { token: reader });
    assert.equal(a.status, 200, a.text);
    assert.equal(a.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    return parsePrometheusText(a.text);
  }

  it('refuses a scrape without a token (401) or without read (403), in the envelope', async () => {
    const listener = await rs.token('listener', 'events');
    const none = await rs.call('GET', '/metrics', '');
    assert.equal(none.status, 401);
    assert.equal(none.json.code, 'unauthorized');
    const forbidden = await rs.call('GET', '/metrics', listener);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.json.scope, 'read');
  });

  it('counts what the traffic did, and reads the game, the stream and the database', async () => {
    const writer = await rs.token('writer', 'read,write,events');
    const listener = await rs.token('listener2', 'events');
    const flood = await rs.token('flood', 'read');
    await joinBot(rs.server.gamePort, 'Ann');
    const uuid = (await rs.call('GET', '/players/by-name/Ann', reader)).json.data.uuid as string;

    const s0 = await scrape();
    for (const name of CONTRACT) assert.ok(s0.types.has(name), `${name} is exported`);
    const metricsTotal = (status: string) => s0.value('core_api_requests_total', { method: 'GET', route: '/metrics', status });
    assert.equal(metricsTotal('401'), 1, 'the 401 of the test before');
    assert.equal(metricsTotal('403'), 1, 'the 403 of the test before');

    // The traffic.
    sub = await rs.subscribe(writer, ['economy.*']);
    for (let i = 0; i < 2; i++) assert.equal((await rs.call('GET', '/status', reader)).status, 200);
    assert.equal((await rs.call('GET', '/players/by-name/Ann', reader)).status, 200);
    const deposit = await rs.call('POST', `/players/${uuid}/balance/deposit`, writer, { amount: 25 });
    assert.equal(deposit.json.ok, true);
    await sub.next('economy.wallet-credit');
    assert.equal((await rs.call('GET', '/nope', reader)).status, 404);
    assert.equal((await rs.call('GET', '/status', listener)).status, 403);
    let floodOk = 0;
    for (;;) {
      const a = await http(rs.restPort, 'GET', '/api/v1/status', { token: flood });
      if (a.status === 429) break;
      assert.equal(a.status, 200);
      floodOk++;
      assert.ok(floodOk <= 2 * LIMIT, 'a 429 within two windows');
    }

    const s1 = await scrape();
    const delta = (name: string, labels: Record<string, string>) => (s1.value(name, labels) ?? 0) - (s0.value(name, labels) ?? 0);
    const requests = (method: string, route: string, status: string) => delta('core_api_requests_total', { method, route, status });
    assert.equal(requests('GET', '/status', '200'), 2 + floodOk);
    assert.equal(requests('GET', '/status', '403'), 1);
    assert.equal(requests('GET', '/status', '429'), 1);
    assert.equal(requests('GET', '/players/by-name/{name}', '200'), 1);
    assert.equal(requests('POST', '/players/{uuid}/balance/deposit', '200'), 1);
    assert.equal(requests('GET', 'unmatched', '404'), 1);
    assert.equal(requests('GET', '/events', '101'), 1);
    assert.equal(requests('GET', '/metrics', '200'), 1, 'the scrape before is counted once answered');
    assert.equal(delta('core_api_request_duration_seconds_count', { method: 'GET', route: '/status' }), 2 + floodOk + 2);
    assert.equal(delta('core_api_rate_limited_total', {}), 1);
    assert.equal(delta('core_event_stream_events_sent_total', { event: 'economy.wallet-credit' }), 1);
    if (TEST_DATABASE === 'sqlite') {
      assert.ok(delta('core_db_call_duration_seconds_count', { operation: 'write' }) >= 1, 'the deposit wrote');
      assert.ok(delta('core_db_call_duration_seconds_count', { operation: 'commit' }) >= 1, 'and committed');
    } else {
      // docs/metrics.md: only SQLite's calls are timed; on PostgreSQL the histogram stays empty.
      for (const operation of ['read', 'write', 'commit']) assert.equal(s1.value('core_db_call_duration_seconds_count', { operation }) ?? 0, 0, operation);
    }

    assert.equal(s1.value('core_players_online'), 1);
    assert.equal(s1.value('core_event_stream_subscribers'), 1);
    assert.ok((s1.value('core_ticks_per_second') ?? 0) > 0);
    assert.ok((s1.value('core_tick_duration_seconds_count') ?? 0) > 0);
    assert.ok((s1.value('process_resident_memory_bytes') ?? 0) > 0);
  });
});
