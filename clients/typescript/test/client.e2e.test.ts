// The typed client against the real server: calls typed from openapi.json, a declined answer as a
// result, HTTP errors as CoreApiError, Idempotency-Key replays, Basic auth, and the server's 429 with
// the Retry-After the client waits out (the wait itself: retry.test.ts).

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { joinBot, quit } from '../../../test/e2e/support/bots.ts';
import { startRestServer, type RestServer } from '../../../test/e2e/support/rest-server.ts';
import { CoreApiError, createClient, type CoreClient } from '../src/index.ts';

/** The README's example under a heading: its first `ts` block, and what the `// prints: …` line after it says it prints. */
function readmeExample(heading: string): { code: string; prints: string } {
  const readme = readFileSync(join(import.meta.dirname, '../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(`\n${heading}\n`));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block !== undefined, `no ts block under ${heading} in the client's README`);
  const prints = /^\/\/ prints: (.+)$/m.exec(block)?.[1];
  assert.ok(prints !== undefined, `the example under ${heading} does not say what it prints`);
  return { code: block, prints };
}

describe('the typed client', () => {
  let rs: RestServer;
  let writerSecret: string;
  let readerSecret: string;
  let client: CoreClient;
  let base: string;
  let ann: string;

  before(async () => {
    rs = await startRestServer();
    base = `http://127.0.0.1:${rs.restPort}`;
    writerSecret = await rs.token('writer', 'read,write,events');
    readerSecret = await rs.token('reader');
    client = createClient({ baseUrl: base, auth: { bearer: writerSecret } });
    // The server knows a player once they have joined; deposits then work while they are offline.
    const bot = await joinBot(rs.server.gamePort, 'Ann');
    await quit(bot);
    const found = await client.getPlayersByNameByName({ path: { name: 'ann' } });
    assert.ok(found.ok, JSON.stringify(found));
    ann = found.data.uuid;
  });
  after(async () => {
    await rs?.stop();
  });

  it('calls routes with typed parameters, bodies and answers', async () => {
    const status = await client.getStatus();
    assert.ok(status.ok);
    assert.equal(status.data['api-version'], 'v1');
    assert.ok(status.data['modules-on'].includes('economy'));
    assert.ok(status.rateLimit && status.rateLimit.limit > 0, 'the rate-limit headers are read');

    const before = await client.getPlayersByUuidBalance({ path: { uuid: ann } });
    assert.ok(before.ok);
    const deposit = await client.postPlayersByUuidBalanceDeposit({ path: { uuid: ann }, body: { amount: 25 } });
    assert.ok(deposit.ok, JSON.stringify(deposit));
    assert.equal(deposit.replayed, false);
    assert.equal(deposit.data.balance.amount, before.data.amount + 25);

    // `limit` has a default, so the leaderboard needs no query at all.
    const top = await client.getEconomyTop();
    assert.ok(top.ok);
    assert.equal(top.data.rows[0]?.['player-name'], 'Ann');
    const one = await client.getEconomyTop({ query: { limit: 1 } });
    assert.ok(one.ok);
    assert.equal(one.data.rows.length, 1);
  });

  it('reads the routes whose answer is not the envelope: the OpenAPI document, the reference page and the metrics', async () => {
    const doc = await client.getOpenapiJson();
    assert.equal(doc.data.openapi, '3.1.0');
    assert.deepEqual(doc.data, JSON.parse(readFileSync(join(import.meta.dirname, '../../../docs/openapi.json'), 'utf8')));
    const page = await client.getDocs();
    assert.match(page.data, /^<!doctype html>/i);
    const metrics = await client.getMetrics();
    assert.match(metrics.data, /^core_api_requests_total\{method="GET",route="\/status",status="200"\} [1-9]/m);
    await assert.rejects(createClient({ baseUrl: base, auth: { bearer: 'crs_' + 'x'.repeat(43) }, retry: false }).getMetrics(), (e: unknown) => e instanceof CoreApiError && e.status === 401);
  });

  it('answers a declined operation as a result with its code', async () => {
    const r = await client.postPlayersByUuidBalanceWithdraw({ path: { uuid: ann }, body: { amount: 1_000_000 } });
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.code, 'insufficient-funds');
    assert.match(r.message, /\w/);
  });

  it('raises HTTP errors as CoreApiError with status, code, field and scope', async () => {
    const reader = createClient({ baseUrl: base, auth: { bearer: readerSecret } });
    await assert.rejects(
      reader.postPlayersByUuidBalanceDeposit({ path: { uuid: ann }, body: { amount: 5 } }),
      (e: unknown) => e instanceof CoreApiError && e.status === 403 && e.code === 'forbidden' && e.scope === 'write',
    );
    await assert.rejects(
      client.postPlayersByUuidBalanceDeposit({ path: { uuid: ann }, body: { amount: -5 } }),
      (e: unknown) => e instanceof CoreApiError && e.status === 400 && e.code === 'bad-request' && e.field === 'amount',
    );
    await assert.rejects(
      client.getPlayersByNameByName({ path: { name: 'nobody_here' } }),
      (e: unknown) => e instanceof CoreApiError && e.status === 404 && e.code === 'not-found',
    );
    const stranger = createClient({ baseUrl: base, auth: { bearer: `crs_${'x'.repeat(43)}` } });
    await assert.rejects(stranger.getStatus(), (e: unknown) => e instanceof CoreApiError && e.status === 401 && e.code === 'unauthorized');
  });

  it("runs the README's error example as written: it prints the 400's message, which names the field once", async () => {
    const { code, prints } = readmeExample('### Errors');
    const printed: string[] = [];
    const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    const example = new AsyncFunction('core', 'uuid', 'CoreApiError', 'console', stripTypeScriptTypes(code));
    await example(client, ann, CoreApiError, { log: (line: unknown) => printed.push(String(line)) });
    assert.deepEqual(printed, [prints]);
    assert.match(prints, /^amount: (?!amount\b)/);
  });

  it('sends an Idempotency-Key: a retry is replayed and applied once', async () => {
    const start = await client.getPlayersByUuidBalance({ path: { uuid: ann } });
    assert.ok(start.ok);
    const first = await client.postPlayersByUuidBalanceDeposit({ path: { uuid: ann }, body: { amount: 7 } }, { idempotencyKey: 'order-4711' });
    const again = await client.postPlayersByUuidBalanceDeposit({ path: { uuid: ann }, body: { amount: 7 } }, { idempotencyKey: 'order-4711' });
    assert.ok(first.ok && again.ok);
    assert.equal(first.replayed, false);
    assert.equal(again.replayed, true);
    assert.deepEqual(again.data, first.data);
    const end = await client.getPlayersByUuidBalance({ path: { uuid: ann } });
    assert.ok(end.ok);
    assert.equal(end.data.amount, start.data.amount + 7);
    await assert.rejects(
      client.postPlayersByUuidBalanceDeposit({ path: { uuid: ann }, body: { amount: 8 } }, { idempotencyKey: 'order-4711' }),
      (e: unknown) => e instanceof CoreApiError && e.status === 422 && e.code === 'idempotency-key-reused',
    );
  });

  it('authenticates with Basic: the token label and its secret', async () => {
    const basic = createClient({ baseUrl: base, auth: { basic: { label: 'writer', secret: writerSecret } } });
    const status = await basic.getStatus();
    assert.ok(status.ok);
    const mismatched = createClient({ baseUrl: base, auth: { basic: { label: 'reader', secret: writerSecret } } });
    await assert.rejects(mismatched.getStatus(), (e: unknown) => e instanceof CoreApiError && e.status === 401);
  });

  // Last: it lowers the rate limit of the running server.
  it('raises the server\'s 429 with its Retry-After when retries are off (the wait itself: retry.test.ts)', async () => {
    const conf = join(rs.server.dataDir, 'core-rest', 'rest.conf');
    writeFileSync(conf, readFileSync(conf, 'utf8').replace(/requests-per-minute = \d+/, 'requests-per-minute = 3'));
    await rs.console('core reload', /rest\.conf: changed; applied now: requests-per-minute/);
    const secret = await rs.token('limited');
    const noRetry = createClient({ baseUrl: base, auth: { bearer: secret }, retry: false });
    let refused: CoreApiError | undefined;
    for (let i = 0; i < 5 && refused === undefined; i++) {
      await noRetry.getStatus().catch((e: unknown) => {
        if (!(e instanceof CoreApiError)) throw e;
        refused = e;
      });
    }
    assert.ok(refused, 'the fourth request of the minute is refused');
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'rate-limited');
    assert.ok(refused.retryAfterSeconds !== undefined && refused.retryAfterSeconds <= 60);
    // The wait on it, for a Retry-After of one second: retry.test.ts.
  });
});
