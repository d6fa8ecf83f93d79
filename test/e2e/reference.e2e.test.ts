// The API reference on the real server: /api/v1/openapi.json is docs/openapi.json byte for byte,
// /api/v1/docs is the page with every path, both to a token with read (Bearer, or Basic with the
// label and secret as a browser sends them after its login box) and 401 with a Basic challenge
// without one; `public-reference = true` in rest.conf opens both without a token, and
// `reference = false` makes both answer 404 in the envelope, each applied by `core reload`.

import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { basic, http } from '../../src/rest/test-support.ts';
import { ROUTES } from '../support/published.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { newDataDir } from './support/server-process.ts';

const DOCS = join(import.meta.dirname, '..', '..', 'docs');

describe('the API reference on the real server', () => {
  const dataDir = newDataDir();
  let rs: RestServer;
  let reader: string;
  before(async () => {
    rs = await startRestServer({ dataDir });
    reader = await rs.token('reader', 'read');
  });
  after(async () => {
    try {
      await rs?.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('asks for a token (401, Basic challenge), then serves docs/openapi.json at /api/v1/openapi.json to a token with read', async () => {
    const refused = await http(rs.restPort, 'GET', '/api/v1/openapi.json');
    assert.equal(refused.status, 401);
    assert.match(String(refused.headers['www-authenticate']), /Basic realm="core-rest"/);
    const a = await http(rs.restPort, 'GET', '/api/v1/openapi.json', { token: reader });
    assert.equal(a.status, 200);
    assert.equal(a.headers['content-type'], 'application/json; charset=utf-8');
    assert.ok(a.text === readFileSync(join(DOCS, 'openapi.json'), 'utf8'), 'the served document is the committed one');
  });

  it('serves the reference page at /api/v1/docs with every path, to the label and secret a browser sends after its login box', async () => {
    assert.equal((await http(rs.restPort, 'GET', '/api/v1/docs')).status, 401);
    const a = await http(rs.restPort, 'GET', '/api/v1/docs', { headers: { authorization: basic('reader', reader) } });
    assert.equal(a.status, 200);
    assert.equal(a.headers['content-type'], 'text/html; charset=utf-8');
    assert.ok(a.text === readFileSync(join(DOCS, 'reference.html'), 'utf8'), 'the page is docs/reference.html');
    for (const row of ROUTES) {
      const path = '/api/v1' + row.path.replace(/:([A-Za-z0-9_-]+)/g, '{$1}');
      assert.ok(a.text.includes(`<code>${path}</code>`), `${row.name} is on the page`);
    }
    assert.ok(a.text.includes('<code>/api/v1/events</code>'));
  });

  it('serves both without a token once public-reference = true is reloaded, and asks again once it is false', async () => {
    const file = join(dataDir, 'core-rest', 'rest.conf');
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, before + 'public-reference = true\n');
    await rs.console('core reload', /rest\.conf: changed; applied now: public-reference/);
    for (const path of ['/api/v1/openapi.json', '/api/v1/docs']) assert.equal((await http(rs.restPort, 'GET', path)).status, 200, path);
    writeFileSync(file, before);
    await rs.console('core reload', /rest\.conf: changed; applied now: public-reference/);
    for (const path of ['/api/v1/openapi.json', '/api/v1/docs']) assert.equal((await http(rs.restPort, 'GET', path)).status, 401, path);
  });

  it('answers 404 in the envelope on both paths once reference = false is reloaded', async () => {
    const token = reader;
    const file = join(dataDir, 'core-rest', 'rest.conf');
    writeFileSync(file, readFileSync(file, 'utf8') + 'reference = false\n');
    await rs.console('core reload', /rest\.conf: changed; applied now: reference/);
    for (const path of ['/api/v1/openapi.json', '/api/v1/docs']) {
      const a = await http(rs.restPort, 'GET', path, { token });
      assert.equal(a.status, 404, path);
      assert.deepEqual(a.json, { ok: false, code: 'not-found', message: 'There is no route at this path.' });
      assert.equal((await http(rs.restPort, 'GET', path)).status, 401, `${path} is an unknown path: a token first`);
    }
    assert.equal((await http(rs.restPort, 'GET', '/api/v1/status', { token })).status, 200, 'the rest of the API is unchanged');
  });
});
