// The reference as the listener serves it: behind a token with the read scope by default (a browser
// gets the Basic challenge and asks for the label and secret), open without a token with
// `public-reference = true` (limited per remote address like failed authentication), GET only, and
// switched by `reference` and `public-reference` in rest.conf at core reload.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { raw } from './server.fixtures.ts';
import { basic, http, startHarness, type Harness } from './test-support.ts';

const PATHS = ['/api/v1/openapi.json', '/api/v1/docs'];

/** Writes rest.conf anew and applies it with core reload. */
function reload(h: Harness, conf: string, applied: string[]): void {
  writeFileSync(join(h.dir, 'core-rest', 'rest.conf'), conf);
  assert.deepEqual(h.configs.reloadAll(), [{ file: 'rest.conf', outcome: 'changed', applied, restart: [] }]);
}

describe('GET /api/v1/docs and /api/v1/openapi.json', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('by default (a rest.conf without public-reference) answer 401 without a token, with a Basic challenge on a line of its own for the browser', async () => {
    h = await startHarness({ conf: 'enabled = true\nport = 0\n' });
    for (const path of PATHS) {
      const a = await http(h.port, 'GET', path);
      assert.equal(a.status, 401, path);
      assert.deepEqual(a.json, { ok: false, code: 'unauthorized', message: a.json.message });
      assert.equal(a.headers['www-authenticate'], 'Bearer, Basic realm="core-rest"');
      assert.equal((await http(h.port, 'GET', path, { token: 'crs_nobody' })).status, 401, `${path} with a token nobody issued`);
    }
    // A browser reads one challenge per header line: "Basic realm=..." must start a line of its own.
    const head = await raw(h.port, 'GET /api/v1/docs HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n');
    const challenges = head.split('\r\n').filter((l) => /^www-authenticate:/i.test(l));
    assert.deepEqual(challenges.map((l) => l.replace(/^www-authenticate:\s*/i, '')), ['Bearer', 'Basic realm="core-rest"']);
  });

  it('answer a token with read, in the Bearer and in the Basic form (label and secret, as a browser sends them), with their content types and the RateLimit headers', async () => {
    h = await startHarness();
    const secret = await h.token('panel', 'read');
    const doc = await http(h.port, 'GET', '/api/v1/openapi.json', { token: secret });
    assert.equal(doc.status, 200);
    assert.equal(doc.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal((doc.json as { openapi: string }).openapi, '3.1.0');
    assert.equal(doc.headers['ratelimit-limit'], '120', "counted against the token's limit");
    const page = await http(h.port, 'GET', '/api/v1/docs', { headers: { authorization: basic('panel', secret) } });
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(page.text, /^<!doctype html>/);
    // What the browser does after its login box: the document by the same credentials.
    const again = await http(h.port, 'GET', '/api/v1/openapi.json', { headers: { authorization: basic('panel', secret) } });
    assert.equal(again.status, 200);
    assert.equal(again.text, doc.text);
  });

  it('answer 403 naming read to a token without it', async () => {
    h = await startHarness();
    const watcher = await h.token('watcher', 'events');
    for (const path of PATHS) {
      const a = await http(h.port, 'GET', path, { token: watcher });
      assert.equal(a.status, 403, path);
      assert.deepEqual(a.json, { ok: false, code: 'forbidden', message: 'The API reference needs the read scope, which the token does not hold.', scope: 'read' });
    }
  });

  it('answer another method with 405 and Allow: GET, after the token (401 without one)', async () => {
    h = await startHarness();
    const secret = await h.token('panel', 'read');
    const a = await http(h.port, 'POST', '/api/v1/docs', { token: secret, body: {} });
    assert.equal(a.status, 405);
    assert.equal(a.headers.allow, 'GET');
    assert.deepEqual(a.json, { ok: false, code: 'method-not-allowed', message: 'This path answers GET only.' });
    assert.equal((await http(h.port, 'POST', '/api/v1/docs', { body: {} })).status, 401);
  });

  it('with public-reference = true answer without a token, limited per remote address in the buckets of failed authentication', async () => {
    h = await startHarness({ conf: 'enabled = true\nport = 0\nfailed-auth-per-minute = 3\npublic-reference = true\n' });
    assert.equal((await http(h.port, 'GET', '/api/v1/status')).status, 401, 'a failed authentication counts');
    const doc = await http(h.port, 'GET', '/api/v1/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.headers['ratelimit-limit'], '3');
    assert.equal((await http(h.port, 'GET', '/api/v1/docs')).status, 200);
    const over = await http(h.port, 'GET', '/api/v1/docs');
    assert.equal(over.status, 429);
    assert.equal((over.json as { code: string }).code, 'rate-limited');
    assert.ok(Number(over.headers['retry-after']) >= 0);
    assert.equal((await http(h.port, 'GET', '/api/v1/status')).status, 429, 'and the reference counts for failed authentication');
    assert.equal((await http(h.port, 'POST', '/api/v1/docs', { body: {} })).status, 429);
  });

  it('open and close without a token at core reload (public-reference is live)', async () => {
    h = await startHarness();
    reload(h, 'enabled = true\nport = 0\npublic-reference = true\n', ['public-reference']);
    for (const path of PATHS) assert.equal((await http(h.port, 'GET', path)).status, 200, `${path} open`);
    const a = await http(h.port, 'POST', '/api/v1/openapi.json', { body: {} });
    assert.deepEqual([a.status, a.headers.allow], [405, 'GET']);
    reload(h, 'enabled = true\nport = 0\npublic-reference = false\n', ['public-reference']);
    for (const path of PATHS) assert.equal((await http(h.port, 'GET', path)).status, 401, `${path} closed again`);
  });

  it('answer 404 in the envelope while reference = false, applied at core reload', async () => {
    h = await startHarness();
    const file = join(h.dir, 'core-rest', 'rest.conf');
    writeFileSync(file, readFileSync(file, 'utf8') + 'reference = false\n');
    assert.deepEqual(h.configs.reloadAll(), [{ file: 'rest.conf', outcome: 'changed', applied: ['reference'], restart: [] }]);
    const token = await h.token('panel', 'read');
    for (const path of PATHS) {
      const a = await http(h.port, 'GET', path, { token });
      assert.equal(a.status, 404, path);
      assert.deepEqual(a.json, { ok: false, code: 'not-found', message: 'There is no route at this path.' });
      assert.equal((await http(h.port, 'POST', path, { token, body: {} })).status, 404, `${path} POST`);
      // Like any unknown path: nothing without a token.
      assert.equal((await http(h.port, 'GET', path)).status, 401, `${path} without a token`);
    }
  });
});
