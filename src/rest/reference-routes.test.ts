// The reference as the listener serves it: open without a token, limited per remote address like
// failed authentication, GET only, and switched by `reference` in rest.conf at core reload.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { http, startHarness, type Harness } from './test-support.ts';

describe('GET /api/v1/docs and /api/v1/openapi.json', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('answer without a token, with their content types and the RateLimit headers', async () => {
    h = await startHarness();
    const doc = await http(h.port, 'GET', '/api/v1/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal((doc.json as { openapi: string }).openapi, '3.1.0');
    assert.ok(doc.headers['ratelimit-remaining']);
    const page = await http(h.port, 'GET', '/api/v1/docs');
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(page.text, /^<!doctype html>/);
    // A token sent anyway changes nothing.
    assert.equal((await http(h.port, 'GET', '/api/v1/docs', { token: 'crs_nobody' })).status, 200);
  });

  it('answer another method with 405 and Allow: GET', async () => {
    h = await startHarness();
    const a = await http(h.port, 'POST', '/api/v1/docs', { body: {} });
    assert.equal(a.status, 405);
    assert.equal(a.headers.allow, 'GET');
    assert.deepEqual(a.json, { ok: false, code: 'method-not-allowed', message: 'This path answers GET only.' });
  });

  it('are limited per remote address, in the buckets of failed authentication', async () => {
    h = await startHarness({ conf: 'enabled = true\nport = 0\nfailed-auth-per-minute = 3\n' });
    assert.equal((await http(h.port, 'GET', '/api/v1/status')).status, 401, 'a failed authentication counts');
    assert.equal((await http(h.port, 'GET', '/api/v1/docs')).status, 200);
    assert.equal((await http(h.port, 'GET', '/api/v1/openapi.json')).status, 200);
    const over = await http(h.port, 'GET', '/api/v1/docs');
    assert.equal(over.status, 429);
    assert.equal((over.json as { code: string }).code, 'rate-limited');
    assert.ok(Number(over.headers['retry-after']) >= 0);
    assert.equal((await http(h.port, 'GET', '/api/v1/status')).status, 429, 'and the reference counts for failed authentication');
  });

  it('answer 404 in the envelope while reference = false, applied at core reload', async () => {
    h = await startHarness();
    const file = join(h.dir, 'core-rest', 'rest.conf');
    writeFileSync(file, readFileSync(file, 'utf8') + 'reference = false\n');
    assert.deepEqual(h.configs.reloadAll(), [{ file: 'rest.conf', outcome: 'changed', applied: ['reference'], restart: [] }]);
    const token = await h.token('panel', 'read');
    for (const path of ['/api/v1/docs', '/api/v1/openapi.json']) {
      const a = await http(h.port, 'GET', path, { token });
      assert.equal(a.status, 404, path);
      assert.deepEqual(a.json, { ok: false, code: 'not-found', message: 'There is no route at this path.' });
      assert.equal((await http(h.port, 'POST', path, { token, body: {} })).status, 404, `${path} POST`);
      // Like any unknown path: nothing without a token.
      assert.equal((await http(h.port, 'GET', path)).status, 401, `${path} without a token`);
    }
  });
});
