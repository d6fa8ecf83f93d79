// The client's wait on a 429, against a plain HTTP server on loopback that refuses the first
// request of each burst with a Retry-After of its choosing: the client waits that long once and
// tries again, raises at once when retries are off or the wait is longer than it may wait, and gives
// up after its attempts. (The real server's 429 and its headers: client.e2e.test.ts.)

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { CoreApiError, createClient } from '../src/index.ts';

describe("the client's retry of a 429", () => {
  let server: Server;
  let base: string;
  /** Refusals still to answer before a 200, and the Retry-After they carry. */
  let refusals = 0;
  let retryAfter = '1';
  const arrivals: number[] = [];

  before(async () => {
    server = createServer((req, res) => {
      arrivals.push(performance.now());
      if (refusals > 0) {
        refusals--;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
        res.end(JSON.stringify({ ok: false, code: 'rate-limited', message: 'Too many requests: wait for the next minute.' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, data: { version: '1.0.0' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  const client = (retry?: Parameters<typeof createClient>[0]['retry']) =>
    createClient({ baseUrl: base, auth: { bearer: 'crs_test' }, ...(retry === undefined ? {} : { retry }) });

  it('waits the Retry-After once and answers the second attempt', async () => {
    refusals = 1;
    retryAfter = '1';
    arrivals.length = 0;
    const answer = await client().call('getStatus');
    assert.equal(answer.ok, true);
    assert.equal(arrivals.length, 2, 'one refusal, one retry');
    assert.ok(arrivals[1]! - arrivals[0]! >= 990, `retried after ${Math.round(arrivals[1]! - arrivals[0]!)} ms, not before the second the server asked`);
  });

  it('raises the 429 at once, with its Retry-After, when retries are off', async () => {
    refusals = 1;
    retryAfter = '7';
    arrivals.length = 0;
    await assert.rejects(client(false).call('getStatus'), (e: unknown) => e instanceof CoreApiError && e.status === 429 && e.code === 'rate-limited' && e.retryAfterSeconds === 7);
    assert.equal(arrivals.length, 1);
    refusals = 0;
  });

  it('raises at once a Retry-After longer than it may wait, and gives up after its attempts', async () => {
    refusals = 1;
    retryAfter = '61';
    arrivals.length = 0;
    await assert.rejects(client({ maxWaitSeconds: 60 }).call('getStatus'), (e: unknown) => e instanceof CoreApiError && e.retryAfterSeconds === 61);
    assert.equal(arrivals.length, 1);
    refusals = 2;
    retryAfter = '0';
    arrivals.length = 0;
    await assert.rejects(client({ maxAttempts: 2 }).call('getStatus'), (e: unknown) => e instanceof CoreApiError && e.status === 429);
    assert.equal(arrivals.length, 2, 'two attempts, then the error');
    refusals = 0;
  });
});
